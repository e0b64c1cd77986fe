import { Alert, Button, Form, Input, Space, Typography } from 'antd';
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { MAX_WRITING_REQUIREMENTS, WRITING_REQUIREMENT_SUGGESTED_CHARS } from '../../core/constants';
import { useT } from '../i18n/i18n-context';

/** Writing requirements: numbered 1. 2. 3., at most 5, each about 15 characters (product-rules.md#validation). */
export function RequirementsField({ editing }: { editing: boolean }) {
  const t = useT();
  return (
    <Form.Item label={t('task.requirements')} extra={t('task.requirementsHelp')}>
      {editing && <Alert type="warning" showIcon message={t('task.requirementsWarn')} style={{ marginBottom: 8 }} />}
      <Form.List name="requirements">
        {(fields, { add, remove }) => (
          <>
            {fields.map((field, index) => (
              <Form.Item key={field.key} noStyle shouldUpdate>
                {({ getFieldValue }) => {
                  const value: string = getFieldValue(['requirements', field.name]) ?? '';
                  const long = value.trim().length > WRITING_REQUIREMENT_SUGGESTED_CHARS + 3;
                  return (
                    <div style={{ marginBottom: 8 }}>
                      <Space.Compact style={{ width: '100%' }}>
                        <span className="zp-req-no">{index + 1}.</span>
                        <Form.Item name={field.name} noStyle rules={[{ required: true, whitespace: true, message: t('common.required') }]}>
                          <Input maxLength={60} data-testid={`requirement-${index}`} />
                        </Form.Item>
                        <Button icon={<DeleteOutlined />} onClick={() => remove(field.name)} aria-label={t('teaching.delete')} />
                      </Space.Compact>
                      {long && (
                        <Typography.Text type="warning" style={{ fontSize: 12 }}>
                          {t('task.requirementLong', { n: index + 1, len: value.trim().length })}
                        </Typography.Text>
                      )}
                    </div>
                  );
                }}
              </Form.Item>
            ))}
            <Button
              type="dashed"
              icon={<PlusOutlined />}
              onClick={() => add('')}
              disabled={fields.length >= MAX_WRITING_REQUIREMENTS}
              block
              data-testid="requirement-add"
            >
              {fields.length >= MAX_WRITING_REQUIREMENTS ? t('task.requirementsMax') : t('task.requirementAdd')}
            </Button>
          </>
        )}
      </Form.List>
    </Form.Item>
  );
}
