import { describe, expect, it } from 'vitest';
import { sanitizeWithBackend } from '../../../engine/sanitize-backend.browser';
import { sanitizerCases } from './sanitize-cases';

describe('sanitizeHtml in the browser (DOMPurify with the one policy)', () => {
  sanitizerCases(sanitizeWithBackend, it, expect);
});
