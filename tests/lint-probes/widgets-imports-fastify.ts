// lint-as: src/widgets/probe.ts
// expect: no-restricted-imports
import Fastify from 'fastify';
export { Fastify };
