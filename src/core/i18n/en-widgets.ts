import type { zhWidgets } from './zh-widgets';

/** English text of the custom elements for partner portals (same keys as zh-widgets). */
export const enWidgets: Record<keyof typeof zhWidgets, string> = {
  'widget.signingIn': 'Signing in to Zhipi…',
  'widget.noToken': 'No credentials: set token, or sso-ticket and partner-id',
  'widget.signInFailed': 'Sign-in failed: {message}',
  'widget.noEssay': 'Choose an essay (set essay-id, or task-id and class-id)',
  'widget.noEssayInTask': 'No essay of this task in this class is ready for review yet',
  'widget.refused': 'Cannot show this: {message}',
  'widget.retry': 'Retry',
};
