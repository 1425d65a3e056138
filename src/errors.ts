// Two kinds of failure, told apart: a UserError is something the maintainer can fix (its message says how);
// anything else is a bug in storefront and is reported as an internal error with its cause kept.

export class UserError extends Error {
  override name = 'UserError';
}

export class InternalError extends Error {
  override name = 'InternalError';
  constructor(message: string, options: { cause: unknown }) {
    super(`Internal error: ${message}`, options);
  }
}

/** Pages that failed to render: what the first threw, and the components it was thrown in (innermost first). */
export class PageRenderError extends InternalError {
  /** The message without the "Internal error" it says when it is one. */
  readonly summary: string;
  readonly components: readonly string[];
  constructor(summary: string, thrown: unknown, components: readonly string[]) {
    super(summary, { cause: thrown });
    this.summary = summary;
    this.components = components;
  }
}

export const EXIT = { ok: 0, problems: 1, usage: 2, internal: 3 } as const;

/** The text shown for an unexpected failure: what happened, that it is our bug, and the cause's stack. */
export function describeInternalError(cause: unknown): string {
  const detail = cause instanceof Error ? (cause.stack ?? cause.message) : String(cause);
  return [
    'Internal error: storefront failed unexpectedly. This is a bug in storefront, not in your catalogue;',
    'please report it with the text below.',
    '',
    `Caused by: ${detail}`,
  ].join('\n');
}
