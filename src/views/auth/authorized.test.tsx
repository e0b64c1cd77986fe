// @vitest-environment jsdom
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Authorized, PermissionProvider } from './authorized';

describe('Authorized', () => {
  const granted = [{ permissionId: 'task', actions: ['query', 'get', 'export'] }];

  it('shows a control when the action list of the route has the action', () => {
    render(
      <PermissionProvider granted={granted}>
        <Authorized action="task.export">
          <button>export</button>
        </Authorized>
      </PermissionProvider>,
    );
    expect(screen.queryByText('export')).not.toBeNull();
  });

  it('removes a control when the action is missing or the permission is not held', () => {
    render(
      <PermissionProvider granted={granted}>
        <Authorized action="task.delete">
          <button>delete</button>
        </Authorized>
        <Authorized action="class.add">
          <button>add class</button>
        </Authorized>
      </PermissionProvider>,
    );
    expect(screen.queryByText('delete')).toBeNull();
    expect(screen.queryByText('add class')).toBeNull();
  });
});
