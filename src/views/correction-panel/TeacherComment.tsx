import { forwardRef, useImperativeHandle, useRef, useState } from 'react';
import { App, Button, Input, Space, Tooltip, Typography } from 'antd';
import { BookOutlined, StarOutlined } from '@ant-design/icons';
import type { TextAreaRef } from 'antd/es/input/TextArea';
import { MAX_TEACHER_COMMENT } from '../../core/api/contracts/zod-free';
import type { LibraryComment } from '../../core/api/contracts/comment-library';
import { MAX_LIBRARY_COMMENT } from '../../core/api/contracts/zod-free';
import type { CommentLibraryApi } from '../../core/api/endpoints/comment-library';
import { useT } from '../i18n/i18n-context';
import { genreOfLabel } from '../../core/domain/genre-label';

export interface TeacherCommentHandle {
  focus(): void;
  /** inserts text at the caret (or appends), as the comment library does */
  insert(text: string): void;
}

export interface TeacherCommentProps {
  value: string;
  readonly: boolean;
  /** 'Teacher comments cannot be empty' shown after a refused approval */
  emptyError: boolean;
  library: CommentLibraryApi;
  genre?: string;
  onChange(value: string): void;
  onOpenLibrary(): void;
}

/**
 * The teacher's comment: a textarea (focused by the C shortcut), the comment library, and one click
 * to save the comment — or the part of it selected — to the teacher's own library.
 */
export const TeacherComment = forwardRef<TeacherCommentHandle, TeacherCommentProps>(function TeacherComment(props, ref) {
  const t = useT();
  const { message } = App.useApp();
  const area = useRef<TextAreaRef | null>(null);
  const [savingToLibrary, setSavingToLibrary] = useState(false);
  const latest = useRef(props);
  latest.current = props;
  const caret = useRef<number | null>(null);
  const keepCaret = () => {
    const el = area.current?.resizableTextArea?.textArea;
    if (el) caret.current = el.selectionEnd === el.value.length ? null : el.selectionEnd;
  };

  useImperativeHandle(ref, () => ({
    focus: () => {
      const el = area.current?.resizableTextArea?.textArea;
      if (!el) return;
      el.focus({ preventScroll: true });
      revealInPanel(el);
    },
    insert: (text: string) => {
      // at the caret the teacher left (the library drawer took the focus), else at the end
      const value = latest.current.value;
      const at = caret.current === null ? value.length : Math.min(caret.current, value.length);
      latest.current.onChange(`${value.slice(0, at)}${text}${value.slice(at)}`);
      caret.current = at + text.length;
    },
  }));

  const saveToLibrary = async () => {
    const el = area.current?.resizableTextArea?.textArea;
    const selected = el ? props.value.slice(el.selectionStart, el.selectionEnd).trim() : '';
    const text = (selected || props.value).trim();
    if (!text) {
      void message.warning(t('review.commentEmpty'));
      return;
    }
    if (text.length > MAX_LIBRARY_COMMENT) {
      void message.warning(t('panel.libraryTooLong', { max: MAX_LIBRARY_COMMENT }));
      return;
    }
    setSavingToLibrary(true);
    try {
      await props.library.save({ text, kind: 'positive', dimension: 'overall', genre: libraryGenre(props.genre) });
      void message.success(t('panel.savedToLibrary'));
    } catch {
      // the client showed the server's message
    } finally {
      setSavingToLibrary(false);
    }
  };

  return (
    <div className="zp-cp-teacher-comment" data-testid="cp-teacher-comment">
      <div className="zp-cp-section-bar">
        <Typography.Text strong>{t('panel.teacherComment')}</Typography.Text>
        {!props.readonly && (
          <Space size={4}>
            <Button size="small" icon={<BookOutlined />} onClick={props.onOpenLibrary} data-testid="cp-open-library">
              {t('panel.library')}
            </Button>
            <Tooltip title={t('panel.saveToLibraryHint')}>
              <Button size="small" icon={<StarOutlined />} loading={savingToLibrary} onClick={() => void saveToLibrary()} data-testid="cp-save-to-library">
                {t('panel.saveToLibrary')}
              </Button>
            </Tooltip>
          </Space>
        )}
      </div>
      <Input.TextArea
        ref={area}
        value={props.value}
        readOnly={props.readonly}
        status={props.emptyError && !props.value.trim() ? 'error' : undefined}
        placeholder={t('panel.teacherCommentPlaceholder')}
        autoSize={{ minRows: 4, maxRows: 12 }}
        maxLength={MAX_TEACHER_COMMENT}
        showCount
        onChange={(e) => props.onChange(e.target.value)}
        onSelect={keepCaret}
        onBlur={keepCaret}
        aria-label={t('panel.teacherComment')}
        data-testid="cp-comment-input"
      />
      {props.emptyError && !props.value.trim() && (
        <div className="zp-cp-error" role="alert" data-testid="cp-comment-error">
          {t('review.commentEmpty')}
        </div>
      )}
    </div>
  );
});

/**
 * Brings an element into view inside the panel's own scrolling column; only when the panel does not
 * scroll itself (stacked layout) the page scrolls — never the host page for a box already in sight.
 */
function revealInPanel(el: HTMLElement) {
  const column = el.closest<HTMLElement>('.zp-cp-right');
  if (column && column.scrollHeight > column.clientHeight + 1 && getComputedStyle(column).overflowY !== 'visible') {
    const top = el.getBoundingClientRect().top - column.getBoundingClientRect().top + column.scrollTop;
    column.scrollTo({ top: Math.max(0, top - column.clientHeight / 3), behavior: 'smooth' });
  } else el.scrollIntoView({ block: 'nearest', behavior: 'smooth' });
}

/** The library's genre for a task genre (free text from the dictionary); 'any' when unknown. */
export function libraryGenre(genre: string | undefined): LibraryComment['genre'] {
  const named = genreOfLabel(genre);
  // the library has no poems' comments: a poem gets the general ones
  return named === undefined || named === 'poem' ? 'any' : named;
}
