// A real OpenID provider on 127.0.0.1 for the tests (oidc-provider, the
// certified implementation): discovery, its keys, the authorization code flow
// with PKCE, ID tokens. Its sign-in page is this file's own — an e-mail box and
// a button, nothing fetched from elsewhere — and signing in grants consent at once.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import Provider from 'oidc-provider';

export interface TestAccount {
  /** false: the provider does not vouch for the address. */
  email_verified?: boolean;
  groups?: string[];
}

export interface TestProvider {
  issuer: string;
  clientId: string;
  clientSecret: string;
  /** People the provider knows beyond the default (any address, verified, no groups). */
  accounts: Map<string, TestAccount>;
  /** Lets a Sourcedesk server at `origin` use the provider (its callback registered). */
  allow(origin: string): void;
  close(): Promise<void>;
}

const page = (
  action: string,
) => `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Test ID</title></head>
<body><main><h1>Sign in to Test ID</h1><form method="post" action="${action}">
<label for="email">E-mail address</label> <input id="email" name="email" type="email" required autofocus>
<button type="submit">Continue</button></form></main></body></html>`;

async function bodyOf(request: http.IncomingMessage): Promise<URLSearchParams> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return new URLSearchParams(Buffer.concat(chunks).toString('utf8'));
}

export async function startTestProvider(): Promise<TestProvider> {
  const clientId = 'sourcedesk-test';
  const clientSecret = 'a-client-secret-of-the-tests-only';
  const accounts = new Map<string, TestAccount>();
  const redirectUris: string[] = [];
  let provider: Provider | undefined;

  const server = http.createServer((request, response) => {
    void (async () => {
      const match = /^\/interaction\/([^/?]+)/.exec(request.url ?? '');
      if (!match) return provider!.callback()(request, response);
      if (request.method === 'GET') {
        response.setHeader('content-type', 'text/html; charset=utf-8');
        return response.end(page(`/interaction/${match[1]}`));
      }
      const email = (await bodyOf(request)).get('email')!.trim();
      const details = await provider!.interactionDetails(request, response);
      const grant = new provider!.Grant({
        accountId: email,
        clientId: details.params.client_id as string,
      });
      grant.addOIDCScope(String(details.params.scope));
      await provider!.interactionFinished(
        request,
        response,
        { login: { accountId: email }, consent: { grantId: await grant.save() } },
        { mergeWithLastSubmission: false },
      );
    })().catch((error: unknown) => {
      response.statusCode = 500;
      response.end(String(error));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  const build = () =>
    new Provider(issuer, {
      clients: [
        {
          client_id: clientId,
          client_secret: clientSecret,
          redirect_uris: [...redirectUris],
          grant_types: ['authorization_code'],
          response_types: ['code'],
        },
      ],
      claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name', 'groups'] },
      // The claims in the ID token itself, as most enterprise providers send them.
      conformIdTokenClaims: false,
      features: { devInteractions: { enabled: false } },
      interactions: { url: (_ctx, interaction) => `/interaction/${interaction.uid}` },
      cookies: { keys: ['test-provider-cookie-key'] },
      ttl: {
        AccessToken: 600,
        AuthorizationCode: 60,
        Grant: 600,
        IdToken: 600,
        Interaction: 600,
        Session: 600,
      },
      pkce: { required: () => true },
      findAccount: (_ctx, id) => ({
        accountId: id,
        claims: () => ({
          sub: id,
          email: id,
          email_verified: accounts.get(id)?.email_verified ?? true,
          name: id.split('@')[0],
          ...(accounts.get(id)?.groups ? { groups: accounts.get(id)!.groups } : {}),
        }),
      }),
    });
  provider = build();

  return {
    issuer,
    clientId,
    clientSecret,
    accounts,
    allow(origin) {
      redirectUris.push(`${origin}/auth/oidc/callback`);
      provider = build();
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
