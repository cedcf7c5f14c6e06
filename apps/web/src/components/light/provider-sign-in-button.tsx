import { useSignInProvider } from '../../api/get-school-config.ts';

/** Who starts a sign-in with the school's provider, by the role OIDC_ROLES names her by (decision 076). */
const startFor = { staff: 'staff', students: 'student', guardians: 'guardian' } as const;

/**
 * 'Sign in with {provider}' on a sign-in screen, when the school's own sign-in (decision 076) is
 * open to this kind of account: a plain link to the start call, which sends the browser on to the
 * provider. Nothing otherwise.
 */
export function ProviderSignInButton({ role }: { role: keyof typeof startFor }) {
  const provider = useSignInProvider(role);
  if (!provider) return null;
  return (
    <a className="light-provider-button" href={`/api/auth/oidc/start?for=${startFor[role]}`}>
      Sign in with {provider}
    </a>
  );
}
