import { ApiError } from '../api/http';

/** Someone else saved first: the server refused a write based on an older version. */
export const isConflict = (error: unknown) => error instanceof ApiError && error.status === 409;
