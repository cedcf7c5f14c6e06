import { messages } from '@school/contract';
import { databaseFault, isUniqueViolation } from '../db/database-faults.ts';

/** Errors with names (STYLE §6): features throw these; one handler turns them into `{message, errors}`. */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly errors?: Record<string, string[]>,
    readonly extra?: Record<string, unknown>,
  ) {
    super(message);
    this.name = new.target.name;
  }
}

export class Invalid extends HttpError {
  constructor(message: string, errors?: Record<string, string[]>) {
    super(422, message, errors);
  }
}
/** The field a validation issue is about, from its path: ['mother', 'name'] → 'mother.name'; the request itself when empty. */
export const fieldOfPath = (path: ReadonlyArray<PropertyKey>): string => path.map(String).join('.') || 'request';

/**
 * Each field's messages, in the order of the issues, with the first as the summary: how a body the
 * schema refuses is answered, whether Fastify's validation or a service found it. A Map, so that a
 * field named like an Object property (`constructor`, `__proto__`) is just a name.
 */
export function invalidFields(issues: Iterable<{ field: string; message: string }>): Invalid {
  const byField = new Map<string, string[]>();
  for (const { field, message } of issues) byField.set(field, [...(byField.get(field) ?? []), message]);
  const first = byField.values().next().value?.[0] ?? messages.requestInvalid;
  return new Invalid(first, Object.fromEntries(byField));
}

/** One field's message, as `{ field: [message] }` with the message also as the summary. */
export const invalidField = (field: string, message: string): Invalid => new Invalid(message, { [field]: [message] });

export class Unauthorized extends HttpError {
  constructor(message: string = messages.signInToContinue) {
    super(401, message);
  }
}
export class Forbidden extends HttpError {
  constructor(message: string = messages.noAccess) {
    super(403, message);
  }
}
/** A bulk export without a recent second factor (decision 049): `enrolled` says whether she has one to give, or must enrol one first. */
export class StepUpRequired extends HttpError {
  constructor(message: string, enrolled: boolean) {
    super(403, message, undefined, { code: 'step_up_required', enrolled });
  }
}
/** A call by admin or office staff who must set up a second factor first (STAFF_MFA=required, decision 043): the web sends her to enrol. */
export class EnrolmentRequired extends HttpError {
  constructor() {
    super(403, messages.enrolSecondFactorNow, undefined, { code: 'enrolment_required' });
  }
}
/**
 * Enrolling a first second factor where the school requires one, from a session that has not shown
 * it is the account holder's (decision 057): the web asks for her password and the code sent to her.
 */
export class EnrolmentVerificationRequired extends HttpError {
  constructor() {
    super(403, messages.enrolmentVerificationRequired, undefined, { code: 'enrolment_verification_required' });
  }
}
export class NotFound extends HttpError {
  constructor(message: string = messages.notFound) {
    super(404, message);
  }
}
export class Conflict extends HttpError {
  constructor(message: string, extra?: Record<string, unknown>) {
    super(409, message, undefined, extra);
  }
}
export class TooManyRequests extends HttpError {
  constructor(
    message: string,
    readonly retryAfterSeconds: number,
  ) {
    super(429, message, undefined, { retryAfter: retryAfterSeconds });
  }
}

/**
 * What a whole file's writing (an import, a ZIP of report cards) that failed answers: the
 * database's faults as the error handler words them (503: busy, lost, full, or a change that may
 * or may not have been saved); a key another change took meanwhile as 409 `stopped(words.taken)`;
 * anything else as 409 `stopped(words.otherwise)`. Never the database's own message.
 */
export function stoppedWrite(error: unknown, stopped: (reason: string) => string, words: { taken: string; otherwise: string }): unknown {
  if (error instanceof HttpError || databaseFault(error)) return error;
  return new Conflict(stopped(isUniqueViolation(error) ? words.taken : words.otherwise));
}
