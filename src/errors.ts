// Two kinds of failure, told apart: a UserError is something the maintainer can fix (its message says how);
// anything else is a bug in storefront and is reported as an internal error with its cause kept.

export class UserError extends Error {
  override name = 'UserError';
}

/** A file the build had listed was gone when it came to copy or read it: the maintainer (or an editor saving by
 *  renaming) changed the site's folder during the build. Not a bug: building again takes the change in. */
export class ChangedWhileBuilding extends UserError {
  override name = 'ChangedWhileBuilding';
  constructor(file: string, options: { cause: unknown }) {
    super(`${file} was removed or renamed while the site was being built, so the build stopped and nothing was replaced. Build again once your changes are saved.`, options);
  }
}

/** `error` as ChangedWhileBuilding when it says `file` is gone (ENOENT), as it is otherwise. */
export const vanished = (error: unknown, file: string): unknown => ((error as NodeJS.ErrnoException | undefined)?.code === 'ENOENT' ? new ChangedWhileBuilding(file, { cause: error }) : error);

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
