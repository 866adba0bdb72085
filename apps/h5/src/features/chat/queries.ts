import { useQuery } from '@tanstack/react-query';
import { call } from '../../api/call.ts';
import { queryKeys } from '../../cache/queryKeys.ts';
import { usePrivateChannel } from '../../cache/usePrivateChannel.ts';
import { useSession } from '../../api/session-store.ts';

/**
 * Replies the user has not read (the side menu's badge), kept live by the `chat` channel:
 * a new reply or a read receipt refetches the count (src/cache/channels.ts). 0 for a visitor.
 */
export function useChatUnread(): number {
  const session = useSession();
  const userId = session?.user.id ?? null;
  const { data } = useQuery({
    queryKey: queryKeys.chatUnread(userId ?? 0),
    queryFn: () => call.chatUnread({}, { loading: false, toast: false }),
    enabled: userId !== null,
    staleTime: 30_000,
  });
  usePrivateChannel('chat');
  return userId === null ? 0 : (data?.count ?? 0);
}
