// The one error type route code throws; the server renders it through the Behaviour.

/** Where the offending value came from; decides how a variation may name the field. */
export type DetailLocation = 'header' | 'path' | 'query' | 'body';

export interface ErrorDetail {
  readonly field: string;
  readonly description: string;
  readonly location: DetailLocation;
}

export class ApiError extends Error {
  constructor(
    readonly code: string,
    message: string,
    readonly details: readonly ErrorDetail[] = [],
  ) {
    super(message);
  }
}

const detail = (location: DetailLocation, field: string, description: string): ErrorDetail => ({ field, description, location });

export function invalidArgument(field: string, description: string, location: DetailLocation = 'body'): ApiError {
  return new ApiError('INVALID_ARGUMENT', `Invalid ${field}: ${description}`, [detail(location, field, description)]);
}

export function notFound(what: string, field: string, location: DetailLocation = 'path'): ApiError {
  return new ApiError('NOT_FOUND', `${what} not found`, [detail(location, field, `no ${what} with this ${field}`)]);
}

export function alreadyExists(field: string, description: string): ApiError {
  return new ApiError('ALREADY_EXISTS', description, [detail('body', field, description)]);
}

export function unauthenticated(field: string, description: string): ApiError {
  return new ApiError('UNAUTHENTICATED', 'A valid API key is required', [detail('header', field, description)]);
}

export function internal(message: string): ApiError {
  return new ApiError('INTERNAL', message);
}
