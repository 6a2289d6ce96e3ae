import { createElement } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { isReviewList, Reviews } from '../../templates/islands/Reviews.tsx';
import { reviewsProps } from '../../templates/islands/registry.ts';

export default function hydrateReviews(element: HTMLElement, props: unknown): void {
  hydrateRoot(element, createElement(Reviews, reviewsProps(props, isReviewList)));
}
