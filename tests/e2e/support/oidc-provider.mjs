// A real OpenID Provider (oidc-provider, OpenID certified) for the browser specs of the campus sign-in
// (issue 39), started by scripts/e2e-server.mjs beside the server. Its development interactions sign in any
// login name; each login `x` gets the email x@campus.edu (verified) and the name x.
import { createServer } from 'node:http'
import Provider from 'oidc-provider'

export async function startE2eProvider({ port, appOrigin }) {
  const issuer = `http://127.0.0.1:${port}`
  const clientId = 'shiliu-e2e'
  const clientSecret = 'shiliu-e2e-secret-0123456789abcdef'
  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: clientId,
        client_secret: clientSecret,
        redirect_uris: [`${appOrigin}/api/auth/oidc/campus/callback`],
        grant_types: ['authorization_code'],
        response_types: ['code'],
        token_endpoint_auth_method: 'client_secret_post',
      },
    ],
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name', 'nickname', 'preferred_username'] },
    cookies: { keys: ['e2e-cookie-key-0123456789'] },
    findAccount: (_ctx, id) => ({
      accountId: id,
      claims: () => ({ sub: id, email: `${id}@campus.edu`, email_verified: true, name: id, preferred_username: id }),
    }),
  })
  const server = createServer(provider.callback())
  await new Promise((resolve) => server.listen(port, '127.0.0.1', resolve))
  return { issuer, clientId, clientSecret, close: () => server.close() }
}
