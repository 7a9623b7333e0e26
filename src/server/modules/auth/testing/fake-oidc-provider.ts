import { OAuth2Server } from 'oauth2-mock-server';

export interface IdentityClaims {
  sub: string;
  email: string;
  email_verified: boolean;
  name: string;
}

export interface FakeOidcProvider {
  /** OIDC_ISSUER for the app: discovery is at `${issuer}/.well-known/openid-configuration`. */
  issuer: string;
  /** Whom the provider signs in next: the claims of every ID token from now on. */
  signsIn(claims: IdentityClaims): void;
  stop(): Promise<void>;
}

/**
 * A real OpenID Connect provider on loopback (oauth2-mock-server): discovery, keys, PKCE and
 * nonces as a hosted one has them. It signs in at once whoever comes to it, with the claims set.
 */
export async function startFakeOidcProvider(first: IdentityClaims): Promise<FakeOidcProvider> {
  let claims = first;
  const server = new OAuth2Server();
  await server.issuer.keys.generate('RS256');
  await server.start(0, '127.0.0.1');
  // Its own default names localhost, which may resolve to ::1 where nothing listens.
  server.issuer.url = `http://127.0.0.1:${server.address().port}`;
  server.service.on('beforeTokenSigning', (token: { payload: Record<string, unknown> }) => {
    Object.assign(token.payload, claims);
  });
  return {
    issuer: server.issuer.url,
    signsIn: (next) => {
      claims = next;
    },
    stop: () => server.stop(),
  };
}
