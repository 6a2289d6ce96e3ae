// Placeholder until the API of issue 5 lands here.
import { Router } from 'express';
import type { ApiContext, StopJobs } from './context.ts';

export function contactRoutes(_context: ApiContext): Router {
  return Router();
}

export function contactJobs(_context: ApiContext): StopJobs {
  return () => undefined;
}
