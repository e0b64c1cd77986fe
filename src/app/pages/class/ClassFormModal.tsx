import { useEffect } from 'react';
import { App, Col, DatePicker, Form, Input, Modal, Row, Select, TimePicker } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { ApiError } from '../../../core/api/client';
import type { ClassItem } from '../../../core/api/contracts/classes';
import { useAsync } from '../../../views/hooks/use-async';
import { useT } from '../../../views/i18n/i18n-context';
import { useApp } from '../../app-context';
import { useGradeOptions } from '../../../views/common/use-grade-options';
import { validFields } from '../../../views/common/valid-fields';

interface Values {
  name: string;
  campusId?: number;
  grade?: number;
  mainTeacherId?: number;
  semesterId?: string;
  classDate?: Dayjs;
  time?: [Dayjs, Dayjs];
}

/** New / edit class with the five prompts of product-rules.md#validation. */
export function ClassFormModal({ klass, onClose, onSaved }: { klass: ClassItem | null; onClose(): void; onSaved(): void }) {
  const t = useT();
  const { message } = App.useApp();
  const { classes, session } = useApp();
  const [form] = Form.useForm<Values>();
  const grades = useGradeOptions();
  const refs = useAsync(() => Promise.all([classes.campuses(), classes.teachers({}), classes.semesters()]), [classes]);
  const [campuses, teachers, semesters] = refs.data ?? [[], [], []];

  useEffect(() => {
    if (klass) {
      form.setFieldsValue({
        name: klass.name,
        campusId: klass.campusId,
        grade: klass.grade,
        mainTeacherId: klass.mainTeacherId ?? undefined,
        semesterId: klass.semesterId,
        classDate: klass.classDate ? dayjs(klass.classDate) : undefined,
        time: klass.startTime && klass.endTime ? [dayjs(klass.startTime, 'HH:mm'), dayjs(klass.endTime, 'HH:mm')] : undefined,
      });
    } else if (refs.data) {
      const me = session.user.peek();
      form.setFieldsValue({
        campusId: campuses.length === 1 ? campuses[0]!.id : undefined,
        semesterId: semesters.find((s) => s.isCurrent)?.semesterId,
        mainTeacherId: teachers.find((x) => x.id === me?.teacherId)?.id,
      });
    }
  }, [klass, refs.data, campuses, semesters, teachers, form, session]);

  const save = async () => {
    const v = await validFields(form);
    if (!v) return;
    const body = {
      name: v.name,
      campusId: v.campusId!,
      grade: v.grade!,
      mainTeacherId: v.mainTeacherId!,
      semesterId: v.semesterId!,
      classDate: v.classDate ? v.classDate.format('YYYY-MM-DD') : null,
      startTime: v.time ? v.time[0].format('HH:mm') : null,
      endTime: v.time ? v.time[1].format('HH:mm') : null,
    };
    try {
      if (klass) await classes.update({ ...body, id: klass.id });
      else await classes.add(body);
      void message.success(t('teaching.saved'));
      onSaved();
    } catch (err) {
      void message.error(err instanceof ApiError ? err.message : t('error.fallback'));
    }
  };

  return (
    <Modal open title={t(klass ? 'class.edit' : 'class.add')} onCancel={onClose} onOk={() => void save()} okText={t('common.save')} cancelText={t('common.cancel')} width={640} destroyOnHidden>
      <Form form={form} layout="vertical" data-testid="class-form">
        <Row gutter={16}>
          <Col span={12}>
            <Form.Item name="grade" label={t('teaching.grade')} rules={[{ required: true, message: t('class.form.grade') }]}>
              <Select options={grades} data-testid="class-grade" />
            </Form.Item>
          </Col>
          <Col span={12}>
            <Form.Item name="name" label={t('teaching.className')} rules={[{ required: true, whitespace: true, message: t('class.form.name') }]}>
              <Input maxLength={50} data-testid="class-name" />
            </Form.Item>
          </Col>
          <Col span={12}>
            <Form.Item name="mainTeacherId" label={t('teaching.mainTeacher')} rules={[{ required: true, message: t('class.form.teacher') }]}>
              <Select showSearch optionFilterProp="label" options={teachers.map((x) => ({ value: x.id, label: x.name }))} data-testid="class-teacher" />
            </Form.Item>
          </Col>
          <Col span={12}>
            <Form.Item name="campusId" label={t('teaching.campus')} rules={[{ required: true, message: t('class.form.campus') }]}>
              <Select options={campuses.map((c) => ({ value: c.id, label: c.name }))} data-testid="class-campus" />
            </Form.Item>
          </Col>
          <Col span={12}>
            <Form.Item name="semesterId" label={t('teaching.semester')} rules={[{ required: true, message: t('class.form.semester') }]}>
              <Select options={semesters.map((s) => ({ value: s.semesterId, label: s.name }))} data-testid="class-semester" />
            </Form.Item>
          </Col>
          <Col span={12}>
            <Form.Item name="classDate" label={t('teaching.classDate')}>
              <DatePicker style={{ width: '100%' }} />
            </Form.Item>
          </Col>
          <Col span={24}>
            <Form.Item name="time" label={`${t('teaching.classDate')} · HH:mm`}>
              <TimePicker.RangePicker format="HH:mm" style={{ width: '100%' }} />
            </Form.Item>
          </Col>
        </Row>
      </Form>
    </Modal>
  );
}
