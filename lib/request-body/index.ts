export { BODY_LIMITS, declaredBodySize, limitBody } from './limit-body';
