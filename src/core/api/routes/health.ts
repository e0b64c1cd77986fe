import type { healthResponse } from '../contracts/platform';
import { route } from './route';

/** /health: liveness for load balancers and the operator. */
export const health = {
  health: route<{ answer: typeof healthResponse }>('GET', '/health', {
    summary: 'Liveness and database kind',
    tags: ['health'],
    public: true,
  }),
};
