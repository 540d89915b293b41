export * from './messages';
export * from './rules';
export * from './field-rules';
export * from './schemas';
export * from './form-state';
