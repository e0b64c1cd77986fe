import { useEffect } from 'react';
import { Form, Input, InputNumber, Modal, Button, DatePicker, Select } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import type { Notice } from '../../../core/api/contracts/enrollment';
import { useGradeOptions } from '../../../views/common/use-grade-options';
import { useT } from '../../../views/i18n/i18n-context';
import { useEnrollmentApi } from './use-enrollment';

interface Values {
  title: string;
  grades: number[];
  places: number;
  window: [Dayjs, Dayjs];
  requirements: string;
  contact: string;
}

/** Write or change an enrollment notice; publish at once or keep it as a draft. */
export function NoticeModal({ open, notice, onClose, onSaved }: { open: boolean; notice: Notice | null; onClose(): void; onSaved(): void }) {
  const t = useT();
  const api = useEnrollmentApi();
  const grades = useGradeOptions();
  const [form] = Form.useForm<Values>();
  useEffect(() => {
    if (!open) return;
    form.setFieldsValue(
      notice
        ? { title: notice.title, grades: notice.grades, places: notice.places, window: [dayjs(notice.opensAt), dayjs(notice.closesAt)], requirements: notice.requirements, contact: notice.contact }
        : { title: '', grades: [], places: 50, window: [dayjs().startOf('hour'), dayjs().add(30, 'day').hour(17).minute(0).second(0)], requirements: '', contact: '' },
    );
  }, [open, notice, form]);

  const save = async (publish: boolean) => {
    const v = await form.validateFields();
    const body = { title: v.title, grades: v.grades, places: v.places, opensAt: v.window[0].toISOString(), closesAt: v.window[1].toISOString(), requirements: v.requirements ?? '', contact: v.contact ?? '', publish };
    if (notice) await api.updateNotice(notice.id, body);
    else await api.createNotice(body);
    onSaved();
  };
  return (
    <Modal
      open={open}
      width={640}
      title={t(notice ? 'enroll.editNotice' : 'enroll.newNotice')}
      onCancel={onClose}
      destroyOnHidden
      footer={[
        <Button key="draft" onClick={() => void save(false)}>{notice && notice.status !== 'draft' ? t('common.save') : t('enroll.saveDraft')}</Button>,
        ...(notice && notice.status !== 'draft' ? [] : [<Button key="pub" type="primary" onClick={() => void save(true)} data-testid="enroll-notice-publish">{t('enroll.publish')}</Button>]),
      ]}
      data-testid="enroll-notice-modal"
    >
      <Form form={form} layout="vertical" requiredMark={false}>
        <Form.Item name="title" label={t('enroll.f.title')} rules={[{ required: true, whitespace: true, message: t('enroll.titleRequired') }]}>
          <Input maxLength={60} data-testid="enroll-notice-title" />
        </Form.Item>
        <Form.Item name="grades" label={t('enroll.f.grades')} rules={[{ type: 'array', min: 1, message: t('enroll.gradesRequired') }]}>
          <Select mode="multiple" options={grades} data-testid="enroll-notice-grades" />
        </Form.Item>
        <Form.Item name="places" label={t('enroll.f.places')} rules={[{ required: true, message: t('enroll.placesInvalid') }]}>
          <InputNumber min={1} max={10000} precision={0} data-testid="enroll-notice-places" />
        </Form.Item>
        <Form.Item name="window" label={t('enroll.f.window')} rules={[{ required: true, message: t('enroll.closesRequired') }]}>
          <DatePicker.RangePicker showTime={{ format: 'HH:mm' }} format="YYYY-MM-DD HH:mm" />
        </Form.Item>
        <Form.Item name="requirements" label={t('enroll.f.requirements')}>
          <Input.TextArea rows={4} maxLength={2000} showCount />
        </Form.Item>
        <Form.Item name="contact" label={t('enroll.f.contact')}>
          <Input maxLength={200} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
