export { postBounded, BoundedPostError } from './post-bounded';
export type { BoundedPost, BoundedResponse } from './post-bounded';
