/**
 * Blob ids become file paths (FileBlobStore) and GridFS names, so only a conservative shape is
 * accepted: up to 8 segments separated by `/`, each starting with a letter or digit and
 * holding letters, digits, `.`, `_` and `-` only. That rules out `..`, absolute paths,
 * backslashes, NUL and hidden files by construction.
 */
const SEGMENT = /^[A-Za-z0-9][A-Za-z0-9._-]{0,127}$/;

export function isValidBlobId(id: unknown): id is string {
  if (typeof id !== 'string' || id.length === 0 || id.length > 400) return false;
  const parts = id.split('/');
  return parts.length <= 8 && parts.every((p) => SEGMENT.test(p));
}

export class InvalidBlobIdError extends Error {
  constructor() {
    super('invalid blob id');
    this.name = 'InvalidBlobIdError';
  }
}
