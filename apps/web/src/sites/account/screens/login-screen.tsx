import { type FormEvent, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { ApiError } from '../../../shared/api/client';
import { usePageTitle } from '../../../shared/layout/page-title';
import { useSession } from '../../../shared/session/session';
import { Button } from '../../../shared/ui/button';
import { TextField } from '../../../shared/ui/text-field';
import { notify } from '../../../shared/ui/toast';

export function LoginScreen() {
  usePageTitle('Log in');
  const { login } = useSession();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    setBusy(true);
    try {
      await login(username, password);
      navigate(params.get('redirect') ?? '/', { replace: true });
    } catch (error) {
      notify.error(error instanceof ApiError ? error.message : 'User signed out');
    } finally {
      setBusy(false);
    }
  }

  return (
    <main id="main" className="page">
      <h1>Log in</h1>
      <form onSubmit={submit} noValidate>
        <TextField
          label="Email or customer ID"
          name="username"
          autoComplete="username"
          value={username}
          onChange={(event) => setUsername(event.target.value)}
          required
        />
        <TextField
          label="Password"
          name="password"
          type="password"
          autoComplete="current-password"
          value={password}
          onChange={(event) => setPassword(event.target.value)}
          required
        />
        <Button type="submit" busy={busy}>
          Log in
        </Button>
      </form>
    </main>
  );
}
