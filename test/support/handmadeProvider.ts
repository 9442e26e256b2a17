// An OpenID provider made by hand, on 127.0.0.1, for the refusals a certified
// provider never produces: an ID token for another audience, one already
// expired, one with another nonce, one signed by another key, with a broken
// signature or with none. Everything else is as a provider does it (discovery,
// keys, the code flow), so the one flaw is the one refused.
import { createHash, randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { exportJWK, generateKeyPair, SignJWT } from 'jose';

/** What the next ID token gets wrong (nothing unless said). */
export interface Flaw {
  aud?: string;
  /** Seconds from now (negative: already expired). */
  expiresIn?: number;
  nonce?: string;
  /**
   * The signature: by another key that claims the provider's `kid`, with one
   * byte flipped, or none at all (`alg: none`, an empty signature).
   */
  signature?: 'other-key' | 'flipped-byte' | 'none';
  /** The code is not spent: the provider takes it again. */
  codeAgain?: boolean;
}

/** The token as the flaw would have it signed (or not signed). */
function tamperSignature(token: string, otherKeyToken: string, flaw: Flaw['signature']): string {
  const [header, payload, signature] = token.split('.') as [string, string, string];
  if (flaw === 'other-key') return otherKeyToken;
  if (flaw === 'flipped-byte') {
    const bytes = Buffer.from(signature, 'base64url');
    bytes[0] = bytes[0]! ^ 0x01;
    return `${header}.${payload}.${bytes.toString('base64url')}`;
  }
  if (flaw === 'none') {
    const none = Buffer.from(JSON.stringify({ alg: 'none', kid: 'k1' })).toString('base64url');
    return `${none}.${payload}.`;
  }
  return token;
}

export interface HandmadeProvider {
  issuer: string;
  clientId: string;
  clientSecret: string;
  flaw: Flaw;
  close(): Promise<void>;
}

export async function startHandmadeProvider(email: string): Promise<HandmadeProvider> {
  const clientId = 'sourcedesk-handmade';
  const clientSecret = 'handmade-secret';
  const { publicKey, privateKey } = await generateKeyPair('RS256');
  // Another key, never published: a token it signs claims the published key's `kid`.
  const stranger = await generateKeyPair('RS256');
  const jwk = { ...(await exportJWK(publicKey)), kid: 'k1', alg: 'RS256', use: 'sig' };
  const codes = new Map<string, { nonce: string; challenge: string }>();
  const state: { flaw: Flaw } = { flaw: {} };
  let issuer = '';

  const send = (response: http.ServerResponse, status: number, body: unknown) => {
    response.writeHead(status, { 'content-type': 'application/json' });
    response.end(JSON.stringify(body));
  };
  const server = http.createServer((request, response) => {
    const url = new URL(request.url ?? '/', issuer);
    if (url.pathname === '/.well-known/openid-configuration') {
      return send(response, 200, {
        issuer,
        authorization_endpoint: `${issuer}/authorize`,
        token_endpoint: `${issuer}/token`,
        jwks_uri: `${issuer}/jwks`,
        response_types_supported: ['code'],
        subject_types_supported: ['public'],
        id_token_signing_alg_values_supported: ['RS256'],
        code_challenge_methods_supported: ['S256'],
        token_endpoint_auth_methods_supported: ['client_secret_basic'],
      });
    }
    if (url.pathname === '/jwks') return send(response, 200, { keys: [jwk] });
    if (url.pathname === '/authorize') {
      const code = randomBytes(16).toString('hex');
      codes.set(code, {
        nonce: url.searchParams.get('nonce') ?? '',
        challenge: url.searchParams.get('code_challenge') ?? '',
      });
      const back = new URL(url.searchParams.get('redirect_uri')!);
      back.searchParams.set('code', code);
      back.searchParams.set('state', url.searchParams.get('state') ?? '');
      response.writeHead(303, { location: back.href });
      return response.end();
    }
    if (url.pathname === '/token' && request.method === 'POST') {
      const chunks: Buffer[] = [];
      request.on('data', (chunk: Buffer) => chunks.push(chunk));
      request.on('end', () => {
        void (async () => {
          const form = new URLSearchParams(Buffer.concat(chunks).toString('utf8'));
          // RFC 6749 §2.3.1: id and secret form-encoded, then joined and in base64.
          const [id, secret] = Buffer.from(
            (request.headers.authorization ?? '').replace(/^Basic /, ''),
            'base64',
          )
            .toString('utf8')
            .split(':')
            .map((part) => decodeURIComponent(part));
          const issued = codes.get(form.get('code') ?? '');
          if (!state.flaw.codeAgain) codes.delete(form.get('code') ?? '');
          const verifier = form.get('code_verifier') ?? '';
          const challenge = createHash('sha256').update(verifier).digest('base64url');
          if (
            id !== clientId ||
            secret !== clientSecret ||
            !issued ||
            issued.challenge !== challenge
          ) {
            return send(response, 400, { error: 'invalid_grant' });
          }
          const now = Math.floor(Date.now() / 1000);
          const { flaw } = state;
          const claims = new SignJWT({
            email,
            email_verified: true,
            nonce: flaw.nonce ?? issued.nonce,
          })
            .setProtectedHeader({ alg: 'RS256', kid: 'k1' })
            .setIssuer(issuer)
            .setSubject(email)
            .setAudience(flaw.aud ?? clientId)
            .setIssuedAt(now - 600)
            .setExpirationTime(now + (flaw.expiresIn ?? 300));
          const idToken = tamperSignature(
            await claims.sign(privateKey),
            await claims.sign(stranger.privateKey),
            flaw.signature,
          );
          send(response, 200, {
            access_token: 'handmade-access-token',
            token_type: 'Bearer',
            expires_in: 300,
            id_token: idToken,
          });
        })();
      });
      return;
    }
    send(response, 404, { error: 'not_found' });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    issuer,
    clientId,
    clientSecret,
    get flaw() {
      return state.flaw;
    },
    set flaw(flaw: Flaw) {
      state.flaw = flaw;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
