import { startAuthentication, startRegistration } from '@simplewebauthn/browser';

/**
 * The one adapter for `@simplewebauthn/browser`: the browser's passkey ceremonies from the
 * server's options (JSON), their answers as JSON for the server.
 */
export function createPasskey(options: unknown): Promise<unknown> {
  return startRegistration({ optionsJSON: options as Parameters<typeof startRegistration>[0]['optionsJSON'] });
}

export function signWithPasskey(options: unknown): Promise<unknown> {
  return startAuthentication({ optionsJSON: options as Parameters<typeof startAuthentication>[0]['optionsJSON'] });
}
