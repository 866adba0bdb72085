import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  AuthResult,
  LoginAnswer,
  LoginBody,
  LoginSecondStepBody,
  RegisterBody,
  UserView,
} from '@hx/protocol';
import { apiGet, apiPost, type Params } from '../../api/http.ts';
import { queryKeys } from '../../cache/queryKeys.ts';
import { currentLocale } from '../../i18n/index.ts';
import { sessionStore, useSession } from '../../api/session-store.ts';

/** Tells the server the chosen language, so its mails and messages follow it. */
export function syncLanguage(): void {
  apiPost('set/lang', { lang: currentLocale() }, { loading: false, toast: false }).catch(() => {});
}

function begin(result: AuthResult): AuthResult {
  sessionStore.start(result.token, result.user);
  syncLanguage();
  return result;
}

/**
 * The logged-in user (null for a visitor), refreshed from `user/center` when a page shows it.
 * A token the server no longer accepts ends the session quietly.
 */
export function useUser(): UserView | null {
  const session = useSession();
  useQuery({
    queryKey: [...queryKeys.user, session?.token],
    queryFn: async () => {
      const user = await apiGet<UserView>('user/center', undefined, {
        loading: false,
        toast: false,
        authRedirect: false,
      });
      sessionStore.updateUser(user);
      return user;
    },
    enabled: Boolean(session),
    staleTime: 30_000,
  });
  return session?.user ?? null;
}

/** A password login: the session starts at once, or the answer asks for the second factor. */
export function useLogin() {
  return useMutation({
    mutationFn: (body: LoginBody) => apiPost<LoginAnswer>('user/login', body as Params),
    onSuccess: (answer) => {
      if ('token' in answer) begin(answer);
    },
  });
}

/** The second login step: the password's ticket and an authenticator or recovery code. */
export function useLoginSecondStep() {
  return useMutation({
    mutationFn: (body: LoginSecondStepBody) =>
      apiPost<AuthResult>('user/login/2fa', body as Params),
    onSuccess: begin,
  });
}

export function useRegister() {
  return useMutation({
    mutationFn: (body: RegisterBody) => apiPost<AuthResult>('user/register', body as Params),
    onSuccess: begin,
  });
}

export function useLogout() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async () => {
      // This browser stops receiving the account's pushes (while the session can still say so).
      await import('../push/queries.ts').then((push) => push.forgetThisDevice(0)).catch(() => {});
      // The session ends on this device even if the server cannot be told.
      await apiPost('user/logout', undefined, { toast: false, authRedirect: false }).catch(
        () => {},
      );
      sessionStore.clear();
      queryClient.removeQueries({ queryKey: queryKeys.user });
    },
  });
}

export function useSetNickname() {
  return useMutation({
    mutationFn: (nickname: string) => apiPost<UserView>('user/set_nickname', { nickname }),
    onSuccess: (user) => sessionStore.updateUser(user),
  });
}
