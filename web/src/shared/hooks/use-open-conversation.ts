import { paths } from '@hearsay/contracts/paths';
import { useMutation } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { call } from '../lib/api-client.ts';
import { conversationsEndpoints } from '../lib/endpoints.ts';

/**
 * The Message button on a profile: opens (or finds) the conversation with someone and goes to it. When their setting
 * does not allow it, the mutation fails with the server's plain message (403), for the caller to show.
 */
export function useOpenConversation() {
  const navigate = useNavigate();
  return useMutation({
    mutationFn: (username: string) => call(conversationsEndpoints.open, { body: { username } }),
    onSuccess: (conversation) => navigate(paths.messages(conversation.id)),
  });
}
