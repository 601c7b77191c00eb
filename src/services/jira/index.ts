/** The Jira integration: client, sync, stored reads and the pure readers they share. */
export * from './client';
export * from './model';
export * from './queries';
export * from './schemas';
export * from './store';
export * from './sync';
