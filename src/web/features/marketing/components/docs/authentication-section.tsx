import { Link } from 'react-router';
import { CodeBlock, DocsSection, InlineCode } from './docs-section';

const SIGN_IN_EXAMPLE = `curl -i https://heatsignal.example.com/api/auth/sign-in/email \\
  -H 'Content-Type: application/json' \\
  -d '{"email":"trader@example.com","password":"your-password"}'

HTTP/1.1 200 OK
set-auth-token: <token>
...`;

const AUTHORIZED_EXAMPLE = `curl https://heatsignal.example.com/api/offers?limit=5 \\
  -H 'Authorization: Bearer <token>'`;

export function AuthenticationSection() {
  return (
    <DocsSection id="authentication" title="Authentication">
      <p>
        The API uses bearer tokens. Create an account on the{' '}
        <Link to="/auth" className="font-semibold text-orange-400 hover:text-orange-300">
          sign-in page
        </Link>{' '}
        or through the API, then sign in to receive a token:
      </p>
      <ul className="list-disc space-y-2 pl-6">
        <li>
          <InlineCode>POST /api/auth/sign-up/email</InlineCode> with{' '}
          <InlineCode>{'{ "name", "email", "password" }'}</InlineCode> (and an optional{' '}
          <InlineCode>username</InlineCode>) creates an account; the password must be 8 to 128 characters.
        </li>
        <li>
          <InlineCode>POST /api/auth/sign-in/email</InlineCode> with{' '}
          <InlineCode>{'{ "email", "password" }'}</InlineCode> signs you in. The token is returned in the{' '}
          <InlineCode>set-auth-token</InlineCode> response header.
        </li>
      </ul>
      <CodeBlock label="Sign-in request">{SIGN_IN_EXAMPLE}</CodeBlock>
      <p>
        Send the token on every call in the <InlineCode>Authorization</InlineCode> header as{' '}
        <InlineCode>Authorization: Bearer &lt;token&gt;</InlineCode>. A missing, expired or revoked token gets
        a 401 response; sign in again to get a new one. Keep the token secret: it acts for your account.
      </p>
      <CodeBlock label="Authorized request">{AUTHORIZED_EXAMPLE}</CodeBlock>
    </DocsSection>
  );
}
