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
    // Stryker disable next-line ArrayDeclaration: only errors of methods a path does not serve and the reference's own failures come without details, and the specification governs neither.
    readonly details: readonly ErrorDetail[] = [],
  ) {
    super(message);
  }
}

const detail = (location: DetailLocation, field: string, description: string): ErrorDetail => ({ field, description, location });

// Stryker disable next-line StringLiteral: the location is read only by variations and faults.
export function invalidArgument(field: string, description: string, location: DetailLocation = 'body'): ApiError {
  // Stryker disable next-line StringLiteral: messages are free text.
  return new ApiError('INVALID_ARGUMENT', `Invalid ${field}: ${description}`, [detail(location, field, description)]);
}

// Stryker disable next-line StringLiteral: the location is read only by variations and faults.
export function notFound(what: string, field: string, location: DetailLocation = 'path'): ApiError {
  // Stryker disable next-line StringLiteral,ArrayDeclaration: messages are free text, and the specification asks no details of NOT_FOUND.
  return new ApiError('NOT_FOUND', `${what} not found`, [detail(location, field, `no ${what} with this ${field}`)]);
}

export function alreadyExists(field: string, description: string): ApiError {
  // Stryker disable next-line StringLiteral,ArrayDeclaration: the location is read only by variations, and the specification asks no details of ALREADY_EXISTS.
  return new ApiError('ALREADY_EXISTS', description, [detail('body', field, description)]);
}

export function unauthenticated(field: string, description: string): ApiError {
  // Stryker disable next-line StringLiteral: the message is free text; the location is read only by variations and faults.
  return new ApiError('UNAUTHENTICATED', 'A valid API key is required', [detail('header', field, description)]);
}

// Stryker disable next-line all: only the reference's own failures come here, which a correct run never meets.
export function internal(message: string): ApiError {
  // Stryker disable next-line all: as above.
  return new ApiError('INTERNAL', message);
}
