export * from './actions';
export * from './approval-rule';
export * from './content';
export * from './events';
export * from './observations';
export * from './conversation-info';
export * from './conversation-state';
export * from './upstream-metrics';
