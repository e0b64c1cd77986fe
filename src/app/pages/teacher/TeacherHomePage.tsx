import { Card, Col, Row, Typography } from 'antd';
import { useSignalValue } from '../../../views/hooks/use-signal-value';
import { useT } from '../../../views/i18n/i18n-context';
import { useApp } from '../../app-context';
import BuildingPage from '../system/BuildingPage';
import { findRoute } from '../../../core/routes/route-table';

/** Teacher home. The task board joins here with the classes-and-tasks feature. */
export default function TeacherHomePage() {
  const t = useT();
  const { session } = useApp();
  const user = useSignalValue(session.user);
  return (
    <Row gutter={[16, 16]} data-testid="teacher-home">
      <Col span={24}>
        <Card>
          <Typography.Title level={4} style={{ margin: 0 }}>
            {t('home.greeting', { name: user?.realname ?? '' })}
          </Typography.Title>
          <Typography.Text type="secondary">{t('home.identity', { role: user?.roleName ?? '', school: user?.schoolName ?? '' })}</Typography.Text>
        </Card>
      </Col>
      <Col span={24}>
        <Card>
          <BuildingPage route={findRoute('/teacherIndex')!} />
        </Card>
      </Col>
    </Row>
  );
}
