import { useEffect, useMemo, useState } from 'react';
import { App, Button, Card, Col, Form, Input, Radio, Row, Select, Space, Switch, Tag, Typography, Upload } from 'antd';
import { DeleteOutlined, HighlightOutlined, UploadOutlined } from '@ant-design/icons';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { essaysApi } from '../../../core/api/endpoints/essays';
import { SAMPLE_SCOPES, type SampleDetail, type SampleHighlight, type SampleScope } from '../../../core/api/contracts/samples';
import { SAMPLE_GENRES } from '../../../core/samples/genres';
import { EmptyState } from '../../../views/common/EmptyState';
import { PageImage } from '../../../views/common/PageImage';
import { gradeLabel } from '../../../views/common/use-grade-options';
import { useAsync } from '../../../views/hooks/use-async';
import { useLang, useT } from '../../../views/i18n/i18n-context';
import { HighlightedEssay } from '../../../views/samples/HighlightedEssay';
import { useApp } from '../../app-context';
import { SamplesNav } from './SamplesNav';
import { useSamplesApi } from './use-samples';

interface FormValues {
  title: string;
  abstract: string;
  aiReview: string;
  teacherEvaluation: string;
  scope: SampleScope;
  showName: boolean;
  genre: string;
  themes: string[];
  featured: boolean;
}

/**
 * /excellentArticle/edit?id=: title, cover (a page of the essay or an upload), abstract, AI review,
 * famous-teacher evaluation, visible scope, name shown, tags and highlighted passages; then publish
 * (campus-wide goes to exCheck). The original pages and the transcript stay linked to the essay.
 */
export default function ExceEditPage() {
  const t = useT();
  const lang = useLang();
  const navigate = useNavigate();
  const { message } = App.useApp();
  const { client } = useApp();
  const files = useMemo(() => essaysApi(client), [client]);
  const api = useSamplesApi();
  const [params] = useSearchParams();
  const id = Number(params.get('id')) || 0;
  const detail = useAsync(() => (id ? api.detail(id) : Promise.resolve(null)), [api, id]);
  const [form] = Form.useForm<FormValues>();
  const [cover, setCover] = useState<{ fileId: string | null; url: string | null }>({ fileId: null, url: null });
  const [highlights, setHighlights] = useState<SampleHighlight[]>([]);
  const [selection, setSelection] = useState<{ start: number; end: number } | null>(null);
  const [note, setNote] = useState('');
  const [busy, setBusy] = useState(false);
  const s = detail.data;

  useEffect(() => {
    if (!s) return;
    form.setFieldsValue({ title: s.title, abstract: s.abstract, aiReview: s.aiReview, teacherEvaluation: s.teacherEvaluation, scope: s.scope, showName: s.showName, genre: s.genre, themes: s.themes, featured: s.featured });
    setCover({ fileId: s.coverFileId, url: s.coverUrl });
    setHighlights(s.highlights);
  }, [s, form]);

  if (!id || (!detail.loading && !s)) return <EmptyState text={t('samples.empty')} />;
  if (!s) return null;
  if (!s.canEdit) {
    return <EmptyState text={t('sample.locked')} action={<Button onClick={() => navigate(`/excellentArticle/detail?id=${s.id}`)}>{t('samples.view')}</Button>} />;
  }

  const save = async (): Promise<SampleDetail | null> => {
    const v = await form.validateFields();
    setBusy(true);
    try {
      return await api.save({ id: s.id, ...v, abstract: v.abstract ?? '', aiReview: v.aiReview ?? '', teacherEvaluation: v.teacherEvaluation ?? '', themes: v.themes ?? [], coverFileId: cover.fileId, highlights });
    } finally {
      setBusy(false);
    }
  };
  const saveOnly = async () => {
    if (await save()) void message.success(t('samples.saved'));
  };
  const saveAndPublish = async () => {
    const saved = await save();
    if (!saved) return;
    const done = await api.publish(s.id);
    void message.success(done.status === 'checking' ? t('samples.checkSent') : t('samples.publishedMsg'));
    navigate(`/excellentArticle/detail?id=${s.id}`);
  };
  const mark = () => {
    if (!selection) return;
    setHighlights([...highlights.filter((h) => h.end <= selection.start || h.start >= selection.end), { ...selection, excerpt: s.transcript.slice(selection.start, selection.end), note: note.trim() }]);
    setSelection(null);
    setNote('');
  };
  const upload = async (file: File) => {
    const stored = await files.uploadFile(file);
    setCover({ fileId: stored.id, url: stored.url });
  };

  return (
    <div data-testid="samples-edit">
      <SamplesNav />
      <Row gutter={16}>
        <Col xs={24} xl={11}>
          <Card size="small" title={t('page.exceEdit')}>
            <Form form={form} layout="vertical" requiredMark={false}>
              <Form.Item name="title" label={t('samples.f.title')} rules={[{ required: true, whitespace: true, max: 60 }]}>
                <Input maxLength={60} data-testid="edit-title" />
              </Form.Item>
              <Form.Item label={t('samples.f.cover')} extra={t('samples.f.coverHint')}>
                <Space wrap>
                  {s.pages.map((p) => (
                    <div key={p.id} onClick={() => setCover({ fileId: p.fileId, url: p.url })} style={{ cursor: 'pointer', outline: cover.fileId === p.fileId ? '3px solid #c21939' : '1px solid #ddd', borderRadius: 4 }} data-testid="edit-cover-page">
                      <PageImage src={p.url} rotation={p.rotation} width={72} height={96} cover preview={false} />
                    </div>
                  ))}
                  {cover.fileId && !s.pages.some((p) => p.fileId === cover.fileId) && cover.url && <img src={cover.url} alt="" style={{ width: 72, height: 96, objectFit: 'cover', outline: '3px solid #c21939' }} />}
                  <Upload accept="image/jpeg,image/png,image/webp" showUploadList={false} beforeUpload={(f) => {
                    void upload(f).catch(() => undefined);
                    return false;
                  }}>
                    <Button icon={<UploadOutlined />}>{t('samples.f.coverUpload')}</Button>
                  </Upload>
                </Space>
              </Form.Item>
              <Form.Item name="abstract" label={t('samples.f.abstract')} rules={[{ max: 500 }]}>
                <Input.TextArea rows={2} maxLength={500} showCount data-testid="edit-abstract" />
              </Form.Item>
              <Form.Item name="aiReview" label={t('samples.f.aiReview')} rules={[{ max: 2000 }]}>
                <Input.TextArea rows={3} maxLength={2000} />
              </Form.Item>
              <Form.Item name="teacherEvaluation" label={t('samples.f.evaluation')} rules={[{ max: 2000 }]}>
                <Input.TextArea rows={3} maxLength={2000} data-testid="edit-evaluation" />
              </Form.Item>
              <Form.Item name="scope" label={t('samples.f.scope')} extra={t('samples.f.scopeHint')}>
                <Radio.Group optionType="button" options={SAMPLE_SCOPES.map((v) => ({ value: v, label: t(`samples.scope.${v}`) }))} data-testid="edit-scope" />
              </Form.Item>
              <Form.Item name="showName" label={t('samples.f.showName')} extra={t('samples.f.showNameHint')} valuePropName="checked">
                <Switch />
              </Form.Item>
              <Row gutter={12}>
                <Col span={12}>
                  <Form.Item name="genre" label={t('samples.f.genre')} rules={[{ required: true }]}>
                    <Select options={SAMPLE_GENRES.map((g) => ({ value: g, label: t(`samples.genre.${g}`) }))} data-testid="edit-genre" />
                  </Form.Item>
                </Col>
                <Col span={12}>
                  <Form.Item label={t('samples.f.grade')}>
                    <Tag>{gradeLabel(s.grade, lang)}</Tag>
                  </Form.Item>
                </Col>
              </Row>
              <Form.Item name="themes" label={t('samples.f.themes')} extra={t('samples.f.themesHint')}>
                <Select mode="tags" maxCount={8} tokenSeparators={[',', '，']} open={false} data-testid="edit-themes" />
              </Form.Item>
              <Form.Item name="featured" label={t('samples.f.featured')} valuePropName="checked">
                <Switch data-testid="edit-featured" />
              </Form.Item>
            </Form>
            <Space wrap>
              <Button onClick={() => void saveOnly()} loading={busy} data-testid="edit-save">
                {t('samples.f.save')}
              </Button>
              <Form.Item noStyle shouldUpdate>
                {() => (
                  <Button type="primary" onClick={() => void saveAndPublish()} loading={busy} data-testid="edit-publish">
                    {form.getFieldValue('scope') === 'campus' ? t('samples.submitCheck') : t('samples.publish')}
                  </Button>
                )}
              </Form.Item>
            </Space>
          </Card>
        </Col>
        <Col xs={24} xl={13}>
          <Card size="small" title={t('samples.f.highlights')} extra={<Typography.Text type="secondary">{t('samples.f.highlightHint')}</Typography.Text>}>
            <Space wrap style={{ marginBottom: 8 }}>
              <Input style={{ width: 220 }} placeholder={t('samples.f.note')} value={note} onChange={(e) => setNote(e.target.value)} maxLength={200} data-testid="edit-highlight-note" />
              <Button icon={<HighlightOutlined />} disabled={!selection} onClick={mark} data-testid="edit-highlight">
                {t('samples.f.markHighlight')}
              </Button>
              {selection && <Typography.Text type="secondary">“{s.transcript.slice(selection.start, Math.min(selection.end, selection.start + 16))}…”</Typography.Text>}
            </Space>
            <HighlightedEssay text={s.transcript} highlights={highlights} onSelect={setSelection} />
            {highlights.map((h, i) => (
              <div key={`${h.start}-${h.end}`} style={{ marginTop: 6 }} data-testid="edit-highlight-item">
                <mark className="zp-sample-mark">{h.excerpt.slice(0, 30)}</mark> {h.note}
                <Button type="link" size="small" icon={<DeleteOutlined />} onClick={() => setHighlights(highlights.filter((_, j) => j !== i))} />
              </div>
            ))}
            <div className="zp-sample-section-title">{t('samples.original')}</div>
            <div className="zp-sample-pages">
              {s.pages.map((p) => (
                <PageImage key={p.id} src={p.url} rotation={p.rotation} width={140} height={190} />
              ))}
            </div>
          </Card>
        </Col>
      </Row>
    </div>
  );
}
