import { useEffect, useState } from 'react';
import { App, Button, Empty, Input, Pagination, Popconfirm, Segmented, Select, Space, Spin, Tag, Typography } from 'antd';
import { DeleteOutlined } from '@ant-design/icons';
import type { LibraryComment } from '../../core/api/contracts/comment-library';
import { COMMENT_DIMENSIONS, COMMENT_GENRES } from '../../core/api/contracts/zod-free';
import type { CommentLibraryApi } from '../../core/api/endpoints/comment-library';
import { useAsync } from '../hooks/use-async';
import { useT } from '../i18n/i18n-context';
// Styles render with the view, so they reach a widget's shadow root too.
import styles from './comment-library.css?inline';

type Kind = LibraryComment['kind'];
type Dimension = LibraryComment['dimension'];
type Genre = LibraryComment['genre'];
type Scope = 'all' | 'public' | 'mine';

export interface CommentLibraryFilters {
  q?: string;
  kind?: Kind;
  dimension?: Dimension;
  genre?: Genre;
  tag?: string;
  scope: Scope;
}

export interface CommentLibraryProps {
  api: CommentLibraryApi;
  /** starting filters (e.g. the task's genre) */
  initial?: Partial<CommentLibraryFilters>;
  /** what picking a comment does: insert into the teacher comment, attach to the selected sentence */
  actions: Array<{ key: string; label: string; primary?: boolean; onPick(comment: LibraryComment): void }>;
}

const PAGE_SIZE = 20;

/**
 * The comment library (product-rules.md#entities): public comments shipped with the product and the teacher's own,
 * positive and reverse, by dimension, genre and tag, with search. Each comment offers the caller's
 * actions; using one counts it (commentLibrary/use), and the teacher may delete their own.
 */
export function CommentLibrary(props: CommentLibraryProps) {
  const t = useT();
  const { message } = App.useApp();
  const { api } = props;
  const [filters, setFilters] = useState<CommentLibraryFilters>({ scope: 'all', ...props.initial });
  const [search, setSearch] = useState(props.initial?.q ?? '');
  const [page, setPage] = useState(1);
  const tags = useAsync(() => api.tags(), [api]);
  const list = useAsync(
    () => api.list({ ...filters, q: filters.q || undefined, pageNum: page, pageSize: PAGE_SIZE }),
    [api, filters.q, filters.kind, filters.dimension, filters.genre, filters.tag, filters.scope, page],
  );
  const set = (patch: Partial<CommentLibraryFilters>) => {
    setFilters((f) => ({ ...f, ...patch }));
    setPage(1);
  };
  // search as the teacher types, a moment after the last key
  useEffect(() => {
    const id = setTimeout(() => {
      const q = search.trim() || undefined;
      setFilters((f) => {
        if (f.q === q) return f;
        setPage(1);
        return { ...f, q };
      });
    }, 300);
    return () => clearTimeout(id);
  }, [search]);

  const pick = (c: LibraryComment, action: CommentLibraryProps['actions'][number]) => {
    action.onPick(c);
    void api.use(c.id).catch(() => undefined);
  };
  const remove = async (c: LibraryComment) => {
    await api.remove(c.id);
    void message.success(t('lib.deleted'));
    await list.reload();
  };

  const data = list.data;
  return (
    <div className="zp-lib" data-testid="comment-library">
      <style>{styles}</style>
      <div className="zp-lib-filters">
        <Input.Search allowClear value={search} placeholder={t('lib.search')} onChange={(e) => setSearch(e.target.value)} onSearch={(v) => set({ q: v.trim() || undefined })} aria-label={t('lib.search')} data-testid="lib-search" />
        <Space wrap size={[8, 8]}>
          <Segmented<Scope>
            size="small"
            value={filters.scope}
            onChange={(scope) => set({ scope })}
            options={[
              { value: 'all', label: t('lib.scope.all') },
              { value: 'public', label: t('lib.scope.public') },
              { value: 'mine', label: t('lib.scope.mine') },
            ]}
          />
          <Segmented<Kind | 'any'>
            size="small"
            value={filters.kind ?? 'any'}
            onChange={(k) => set({ kind: k === 'any' ? undefined : k })}
            options={[
              { value: 'any', label: t('lib.kind.any') },
              { value: 'positive', label: t('lib.kind.positive') },
              { value: 'reverse', label: t('lib.kind.reverse') },
            ]}
          />
        </Space>
        <Space wrap size={[8, 8]}>
          <Select<Dimension>
            size="small"
            allowClear
            style={{ width: 128 }}
            placeholder={t('lib.dimension')}
            value={filters.dimension}
            onChange={(dimension) => set({ dimension })}
            options={COMMENT_DIMENSIONS.map((d) => ({ value: d, label: t(`lib.dimension.${d}`) }))}
            aria-label={t('lib.dimension')}
          />
          <Select<Genre>
            size="small"
            allowClear
            style={{ width: 118 }}
            placeholder={t('lib.genre')}
            value={filters.genre}
            onChange={(genre) => set({ genre })}
            options={COMMENT_GENRES.map((g) => ({ value: g, label: t(`lib.genre.${g}`) }))}
            aria-label={t('lib.genre')}
          />
          <Select<string>
            size="small"
            allowClear
            showSearch
            style={{ width: 128 }}
            placeholder={t('lib.tag')}
            value={filters.tag}
            onChange={(tag) => set({ tag })}
            options={(tags.data ?? []).map((x) => ({ value: x.tag, label: `${x.tag} (${x.count})` }))}
            aria-label={t('lib.tag')}
          />
        </Space>
      </div>
      <Spin spinning={list.loading}>
        {!data || data.list.length === 0 ? (
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={list.loading ? ' ' : t('lib.empty')} />
        ) : (
          <ul className="zp-lib-list">
            {data.list.map((c) => (
              <li key={c.id} className="zp-lib-item" data-testid="lib-item">
                <div className="zp-lib-text">{c.text}</div>
                <div className="zp-lib-meta">
                  <Tag color={c.kind === 'positive' ? 'green' : 'volcano'} bordered={false}>
                    {t(`lib.kind.${c.kind}`)}
                  </Tag>
                  <Tag bordered={false}>{t(`lib.dimension.${c.dimension}`)}</Tag>
                  {c.genre !== 'any' && <Tag bordered={false}>{t(`lib.genre.${c.genre}`)}</Tag>}
                  {c.core && <Tag color="gold" bordered={false}>{t('lib.core')}</Tag>}
                  {c.tags.map((tag) => (
                    <Tag key={tag} className="zp-lib-tag" onClick={() => set({ tag })}>
                      #{tag}
                    </Tag>
                  ))}
                  {c.scope === 'mine' && <Typography.Text type="secondary">{t('lib.mine')}</Typography.Text>}
                </div>
                <div className="zp-lib-actions">
                  {props.actions.map((a) => (
                    <Button key={a.key} size="small" type={a.primary ? 'primary' : 'default'} ghost={a.primary} onClick={() => pick(c, a)} data-testid={`lib-${a.key}`}>
                      {a.label}
                    </Button>
                  ))}
                  {c.scope === 'mine' && (
                    <Popconfirm title={t('lib.confirmDelete')} okText={t('common.ok')} cancelText={t('common.cancel')} onConfirm={() => remove(c)}>
                      <Button size="small" type="text" danger icon={<DeleteOutlined />} aria-label={t('lib.delete')} />
                    </Popconfirm>
                  )}
                </div>
              </li>
            ))}
          </ul>
        )}
      </Spin>
      {data && data.total > PAGE_SIZE && <Pagination size="small" simple current={page} pageSize={PAGE_SIZE} total={data.total} onChange={setPage} style={{ marginTop: 8, textAlign: 'center' }} />}
    </div>
  );
}
