import crypto from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { type JWK, SignJWT, exportJWK, generateKeyPair } from 'jose';
import { uniqueEmail } from './accounts.ts';

// Google: a local JWKS on loopback and ID tokens signed like Google's.

export type GoogleStub = {
  clientId: string;
  jwksUrl: string;
  /** An ID token; claims override the defaults (a verified email, valid for an hour from `now`). */
  idToken: (claims?: Record<string, unknown>, opts?: { now?: Date; expiresInS?: number; otherKey?: boolean }) => Promise<string>;
  close: () => Promise<void>;
};

export async function startGoogle(): Promise<GoogleStub> {
  const kid = 'test-key-1';
  const { privateKey, publicKey } = await generateKeyPair('RS256');
  const other = await generateKeyPair('RS256');
  const jwk: JWK = { ...(await exportJWK(publicKey)), kid, alg: 'RS256', use: 'sig' };
  const server = http.createServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(JSON.stringify({ keys: [jwk] }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  const { port } = server.address() as AddressInfo;
  const clientId = `test-client-${crypto.randomUUID()}.apps.googleusercontent.com`;
  return {
    clientId,
    jwksUrl: `http://127.0.0.1:${port}/certs`,
    async idToken(claims = {}, opts = {}) {
      const iat = Math.floor((opts.now ?? new Date()).getTime() / 1000);
      const payload = {
        iss: 'https://accounts.google.com',
        aud: clientId,
        sub: `google-${crypto.randomUUID()}`,
        email: uniqueEmail('google'),
        email_verified: true,
        given_name: 'Grace',
        family_name: 'Hopper',
        iat,
        exp: iat + (opts.expiresInS ?? 3600),
        ...claims,
      };
      return new SignJWT(payload).setProtectedHeader({ alg: 'RS256', kid, typ: 'JWT' }).sign(opts.otherKey ? other.privateKey : privateKey);
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
