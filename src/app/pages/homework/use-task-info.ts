import { useApp } from '../../app-context';
import { useAsync } from '../../../views/hooks/use-async';

/**
 * A task with what its pages show beside it: the genre's name, its scoring standard (the school's
 * default when the task names none) and the teacher's AI review start setting.
 */
export function useTaskInfo(taskId: number | undefined) {
  const { tasks, platform, scoring } = useApp();
  return useAsync(async () => {
    if (!taskId) return null;
    const [task, genres, levels, aiConfig] = await Promise.all([
      tasks.get(taskId),
      platform.dict('genre').catch(() => []),
      scoring.levels().catch(() => []),
      platform.autoCorrectionConfig().catch(() => null),
    ]);
    const level = levels.find((l) => l.id === task.scoringStandardId) ?? levels.find((l) => l.isDefault) ?? null;
    return { task, genreLabel: genres.find((g) => g.value === task.genre)?.label, scoring: level, aiConfig };
  }, [taskId, tasks, platform, scoring]);
}
