export { findUnstorable, mayBeUnstorable, unstorableText, MAX_JSON_DEPTH } from './storable-json';
