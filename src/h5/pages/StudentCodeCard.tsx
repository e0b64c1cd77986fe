import { useState } from 'react';
// antd-mobile by path: the index's chunk carries ErrorBlock and Toast into every first load
import Button from 'antd-mobile/es/components/button';
import Card from 'antd-mobile/es/components/card';
import Form from 'antd-mobile/es/components/form';
import Input from 'antd-mobile/es/components/input';
import { useT } from '../../views/i18n/i18n-context';
import { useH5 } from '../h5-context';

interface Props {
  classCode: string;
  student: { id: number; name: string };
  /** The code was right: the page remembers it and goes on. */
  onVerified: (studentCode: string) => void;
}

/**
 * After a student picks their name: their own code (学生码, from the teacher's class list) proves it is
 * them, so a classmate who knows the class code cannot read their messages or replace their essay.
 */
export function StudentCodeCard({ classCode, student, onVerified }: Props) {
  const t = useT();
  const { studentMessages } = useH5();
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const confirm = async () => {
    const studentCode = code.trim().toUpperCase();
    if (!studentCode) {
      setError(t('h5.studentCodeRequired'));
      return;
    }
    setBusy(true);
    try {
      await studentMessages.verify({ classCode, studentId: student.id, studentCode });
      onVerified(studentCode);
    } catch (err) {
      setError((err as { message?: string }).message ?? t('h5.studentCodeWrong'));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Card title={`${student.name} · ${t('h5.code.title')}`} style={{ margin: 8 }} data-testid="h5-student-code">
      <Form
        layout="vertical"
        footer={
          <Button block color="primary" loading={busy} onClick={() => void confirm()} data-testid="h5-student-code-ok">
            {t('h5.code.confirm')}
          </Button>
        }
      >
        <Form.Item label={t('h5.code.label')} help={t('h5.code.help')} extra={error ? <span style={{ color: 'var(--adm-color-danger)' }} data-testid="h5-student-code-error">{error}</span> : undefined}>
          <Input value={code} onChange={(v) => { setCode(v); setError(null); }} placeholder={t('h5.code.placeholder')} maxLength={16} autoComplete="off" data-testid="h5-student-code-input" />
        </Form.Item>
      </Form>
    </Card>
  );
}
