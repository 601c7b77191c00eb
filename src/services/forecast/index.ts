/** The Forecast integration: client, schemas, pure derivations, storage and sync. */
export * from './billing';
export * from './client';
export * from './schemas';
export * from './store';
export * from './sync';
