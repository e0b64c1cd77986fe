import { Drawer, Typography } from 'antd';
import type { CommentLibraryApi } from '../../core/api/endpoints/comment-library';
import { useT } from '../i18n/i18n-context';
import { CommentLibrary, type CommentLibraryProps } from './CommentLibrary';

export interface CommentLibraryDrawerProps {
  api: CommentLibraryApi;
  open: boolean;
  /** shown under the title: what a pick will do (e.g. the sentence it attaches to) */
  context?: string;
  initial?: CommentLibraryProps['initial'];
  actions: CommentLibraryProps['actions'];
  onClose(): void;
}

/**
 * The comment library beside the correction panel: on the left, over the page image, so the
 * transcript and the teacher comment stay in sight while the teacher picks. No mask (the panel stays
 * usable), no autofocus; the drawer goes where antd's popup container says (inside the element's
 * shadow root in a widget) and is destroyed on close.
 */
export function CommentLibraryDrawer(props: CommentLibraryDrawerProps) {
  const t = useT();
  return (
    <Drawer
      open={props.open}
      onClose={props.onClose}
      title={t('lib.title')}
      size={460}
      placement="left"
      mask={false}
      destroyOnHidden
      autoFocus={false}
      rootClassName="zp-lib-drawer"
      data-testid="comment-library-drawer"
    >
      {props.context && (
        <Typography.Paragraph type="secondary" ellipsis={{ rows: 2 }} className="zp-lib-context">
          {props.context}
        </Typography.Paragraph>
      )}
      <CommentLibrary api={props.api} initial={props.initial} actions={props.actions} />
    </Drawer>
  );
}
