import { z } from 'zod';
import { nicknameBody, updatePasswordBody, userView } from '../account.ts';
import { avatarBody } from '../content.ts';
import { defineEndpoints } from '../endpoint.ts';
import { userRoutes } from '../routes/user.ts';

export const userEndpoints = defineEndpoints('user', userRoutes, {
  userCenter: { summary: 'The logged-in user', response: userView },
  userSetNickname: { summary: 'Change the nickname', body: nicknameBody, response: userView },
  userChangePassword: {
    summary: 'Change the password; other sessions end',
    body: updatePasswordBody,
    response: z.object({}),
  },
  userSetAvatar: {
    summary: 'Set the avatar: an upload url of yours (from POST upload)',
    body: avatarBody,
    response: userView,
  },
});
