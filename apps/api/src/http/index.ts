/** The HTTP kernel every domain uses: one error type, one `parse`, one handler wrapper, one role guard. */
export { ApiError, notFound, stale, type ErrorDetail, type FieldIssue } from './errors';
export { handle, MAX_BODY_BYTES, registerApiErrors, sendApiError } from './handle';
export { parse, parsePayload } from './parse';
export { createRoleGuard, guardedMember, guardPermission, type RoleGuard } from './role-guard';
export { csvBody, keysetPages } from './csv-stream';
export { bindLogFields, registerRequestLog, type RequestLogOptions } from './request-log';
export { decodeCursor, encodeCursor } from './cursor';
export { parseTextJson } from './text-json';
