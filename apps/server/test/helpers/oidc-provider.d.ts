/** The few parts of `oidc-provider` (which ships no types) that the test suite's provider uses. */
declare module 'oidc-provider' {
  import type { IncomingMessage, ServerResponse } from 'node:http';

  class Grant {
    constructor(properties: { clientId: string; accountId: string });
    addOIDCScope(scope: string): void;
    save(): Promise<string>;
  }

  export default class Provider {
    constructor(issuer: string, configuration: Record<string, unknown>);
    Grant: typeof Grant;
    callback(): (request: IncomingMessage, response: ServerResponse) => void;
    interactionFinished(request: IncomingMessage, response: ServerResponse, result: object, options?: { mergeWithLastSubmission?: boolean }): Promise<void>;
  }
}
