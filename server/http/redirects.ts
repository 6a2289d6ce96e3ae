// Redirects that the static table cannot express: paths the site does not have but whose meaning
// is clear. Static hits are answered before Express, so these run only for missing files.
import { Router } from 'express';

export function redirects(): Router {
  const router = Router();
  // An unknown or missing service goes to the overview; every linked service has a page
  // (docs/decisions.md, 'Every linked service has a page').
  router.get('/leistungen/*rest', (_req, res) => {
    res.set('Cache-Control', 'public, max-age=3600').redirect(301, '/leistungen');
  });
  return router;
}
