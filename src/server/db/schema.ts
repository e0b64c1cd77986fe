/** Database schema, one file per domain. Change a table there, then `npm run db:generate` writes the next numbered migration. */
export * from './schema-schools';
export * from './schema-accounts';
export * from './schema-classes';
export * from './schema-teaching';
export * from './schema-essays';
export * from './schema-review';
export * from './schema-sso';
export * from './schema-reports';
export * from './schema-samples';
export * from './schema-security';
export * from './schema-lcw';
export * from './schema-enrollment';
export * from './schema-practice';
export * from './schema-lti';
