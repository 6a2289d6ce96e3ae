// Placeholder until the API of issue 5 lands here.
import { Router } from 'express';
import type { ApiContext, StopJobs } from './context.ts';

export function reviewsRoutes(_context: ApiContext): Router {
  return Router();
}

export function reviewsJobs(_context: ApiContext): StopJobs {
  return () => undefined;
}
