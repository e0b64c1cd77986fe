// The district as set-based SQL over one row of parameters (`district_plan`, a temporary table), so
// a million essays take a handful of INSERT … SELECT statements instead of a million round trips.
// Ids are given explicitly (the database is new): school s owns users (s-1)*25+1 … s*25 (24 teachers
// then the headmaster), classes (s-1)*48+1 … s*48; class c owns students (c-1)*50+1 … c*50; teacher g
// (g = (s-1)*24+t) owns tasks (g-1)*tasksPerTeacher+1 … and teaches classes 2t-1 and 2t of its school.
// Random choices are hashes of the row's key (pg_temp.pick), so the same plan gives the same district.

export interface SeedStep {
  label: string;
  sql: string;
  /** Steps with a lane run after the essays, each lane on a connection of its own, beside the others. */
  lane?: number;
}

const GRADES = `array['一年级','二年级','三年级','四年级','五年级','六年级','七年级','八年级','九年级']`;
const SURNAMES = `array['王','李','张','刘','陈','杨','赵','黄','周','吴','徐','孙','胡','朱','高','林','何','郭','马','罗']`;
const GIVEN = `array['子涵','欣怡','浩然','雨桐','宇轩','梓萱','一鸣','诗琪','俊杰','思彤','子墨','若溪','博文','佳怡','铭泽','可馨','嘉豪','雨萱','天佑','语嫣']`;
const TITLES = `array['我的老师','难忘的一天','秋天的校园','我的妈妈','一次有意义的活动','我学会了','家乡的变化','我的好朋友','成长的烦恼','一件小事','读书的乐趣','我最喜欢的季节','那一刻我长大了','美丽的公园','我的梦想','一次失败的经历','感动','春节见闻','我的爱好','假如我是']`;
const COMMENTS = `array['内容具体，感情真挚，继续保持。','结构清楚，语言还可以更生动些。','细节描写很好，注意错别字。','中心突出，结尾可以再呼应开头。','书写工整，选材新颖。']`;

/** pick(key, salt): a stable number 0–99 for a row. */
export const PICK_FUNCTION = `create or replace function pg_temp.pick(k bigint, salt int) returns int language sql immutable as $$ select abs(hashint8(k * 1000003 + salt)) % 100 $$`;

/** The AI results of the essays matching `part` (a condition on essays `e`). */
function correctionsSql(part: string): string {
  return `
insert into corrections (essay_id, status, attempts, transcript, result, engine, started_at, finished_at, updated_at)
select e.id, case when e.status = 'awaiting_ai' then 'queued' else 'done' end, case when e.status = 'awaiting_ai' then 0 else 1 end,
  case when e.status = 'awaiting_ai' then null else tp.transcript end,
  case when e.status = 'awaiting_ai' then null when t.deadline >= p.now - interval '10 days' then tp.result else tp.compact end,
  case when e.status = 'awaiting_ai' then null else 'local' end, e.submitted_at + interval '1 minute',
  case when e.status = 'awaiting_ai' then null else e.submitted_at + interval '2 minutes' end, e.submitted_at + interval '2 minutes'
from district_plan p, essays e join tasks t on t.id = e.task_id
join district_templates tp on tp.i = (e.task_id + e.student_id + e.draft) % (select count(*) from district_templates)
where e.status <> 'submitted' and ${part};`;
}

export const SEED_STEPS: SeedStep[] = [
  {
    label: 'schools, campuses, departments, semesters',
    sql: `
insert into schools (id, name, version_id, limit_status, limit_expires_at, register_code, created_at)
select s, '区第' || s || '中学', 1, 0, p.now + interval '365 days', 'DISTRICT' || lpad(s::text, 2, '0'), p.start - interval '400 days'
from district_plan p, generate_series(1, p.schools) s;
insert into campuses (id, school_id, name) select s, s, '本部' from district_plan p, generate_series(1, p.schools) s;
insert into departments (id, school_id, campus_id, name)
select 2 * s - 1 + d, s, s, (array['语文教研组','校长室'])[d + 1] from district_plan p, generate_series(1, p.schools) s, generate_series(0, 1) d;
insert into semesters (id, school_id, year, term, name_zh, name_en, start_date, end_date, is_current)
select s, s, extract(year from p.start)::int, 1, extract(year from p.start)::int || '学年上学期', extract(year from p.start)::int || ' first term', p.start::date, (p.start + interval '150 days')::date, true
from district_plan p, generate_series(1, p.schools) s;`,
  },
  {
    label: 'users and identities (24 teachers and a headmaster per school)',
    sql: `
insert into users (id, username, realname, password_hash, last_identity_id, created_at)
select (s - 1) * 25 + u,
  case when u <= 24 then 'd' || lpad(s::text, 2, '0') || 't' || lpad(u::text, 2, '0') else 'd' || lpad(s::text, 2, '0') || 'h' end,
  (${SURNAMES})[1 + (s * 7 + u) % 20] || case when u <= 24 then '老师' else '校长' end,
  p.password_hash, (s - 1) * 25 + u, p.start - interval '300 days'
from district_plan p, generate_series(1, p.schools) s, generate_series(1, 25) u;
insert into identities (id, user_id, school_id, campus_id, department_id, role_id, teacher_name, created_at)
select u.id, u.id, (u.id - 1) / 25 + 1, (u.id - 1) / 25 + 1, 2 * ((u.id - 1) / 25 + 1) - case when (u.id - 1) % 25 < 24 then 1 else 0 end,
  case when (u.id - 1) % 25 < 24 then 2 else 6 end, u.realname, u.created_at
from users u where u.username like 'd%';`,
  },
  {
    label: 'classes (48 per school, grades 3–8) and students (50 per class)',
    sql: `
insert into classes (id, school_id, campus_id, semester_id, name, grade, main_teacher_id, class_code, created_at)
select (s - 1) * 48 + c, s, s, s, (${GRADES})[3 + (c - 1) / 8] || ((c - 1) % 8 + 1) || '班', 3 + (c - 1) / 8,
  (s - 1) * 25 + (c - 1) / 2 + 1, 'D' || lpad(((s - 1) * 48 + c)::text, 6, '0'), p.start - interval '10 days'
from district_plan p, generate_series(1, p.schools) s, generate_series(1, 48) c;
insert into students (id, school_id, class_id, name, gender, student_no, created_at)
select (c.id - 1) * 50 + k, c.school_id, c.id, (${SURNAMES})[1 + pg_temp.pick((c.id - 1) * 50 + k, 11) % 20] || (${GIVEN})[1 + pg_temp.pick((c.id - 1) * 50 + k, 12) % 20],
  1 + k % 2, lpad(k::text, 4, '0'), c.created_at
from classes c, generate_series(1, 50) k;`,
  },
  {
    label: 'tasks (each teacher for both classes) and their classes',
    sql: `
insert into tasks (id, school_id, title, type, genre, grade, semester_id, release_at, deadline, scheduled, status, scoring_standard_id, creator_identity_id, created_at, updated_at)
select ((s - 1) * 24 + t - 1) * p.tasks_per_teacher + k, s,
  (${TITLES})[1 + (k - 1) % 20] || case when k > 20 then '（' || ((k - 1) / 20 + 1) || '）' else '' end,
  'selfSet', 'narrative', 3 + (t - 1) / 4, s, r.release_at, r.release_at + interval '7 days', r.scheduled, case when r.scheduled then 'scheduled' else 'released' end,
  (select id from scoring_standards where is_default and school_id is null order by id limit 1), (s - 1) * 25 + t, r.release_at - interval '1 day', r.release_at - interval '1 day'
from district_plan p, generate_series(1, p.schools) s, generate_series(1, 24) t, generate_series(1, p.tasks_per_teacher) k,
  lateral (select k = p.tasks_per_teacher and ((s - 1) * 24 + t) % 20 = 0 as scheduled) sch,
  lateral (select case when sch.scheduled then p.now + interval '2 days'
    else p.start + (k - 1) * (interval '85 days' / p.tasks_per_teacher) + t * interval '1 hour' end as release_at, sch.scheduled) r;
insert into task_classes (task_id, class_id)
select t.id, (t.school_id - 1) * 48 + 2 * ((t.creator_identity_id - 1) % 25 + 1) - d from tasks t, generate_series(0, 1) d;`,
  },
  {
    label: 'essays (95 % hand in, 8 % a revised draft; status by the task’s age)',
    sql: `
insert into essays (school_id, task_id, class_id, student_id, draft, status, source, flags, word_count, ai_score, teacher_score, submitted_at, audit_at, submitted_by_identity_id, created_at, updated_at)
select w.school_id, w.task_id, w.class_id, w.student_id, w.draft, w.status,
  (array['batch','batch','batch','single','phone'])[1 + pg_temp.pick(w.k, 7) % 5],
  case when w.status = 'abnormal' then '[{"code":"OFF_TOPIC","label":"疑似偏题","evidence":"内容与题目关联较弱","ranges":[]}]'::jsonb else '[]'::jsonb end,
  case when w.status in ('submitted', 'awaiting_ai') then null else tp.word_count end,
  case when w.status in ('submitted', 'awaiting_ai') then null else tp.ai_score end,
  case when w.status = 'approved' then tp.ai_score end,
  w.submitted_at, case when w.status = 'approved' then least(w.submitted_at + interval '2 days', p.now - interval '10 minutes') end,
  w.creator, w.submitted_at, case when w.status = 'approved' then least(w.submitted_at + interval '2 days', p.now - interval '10 minutes') else w.submitted_at + interval '3 minutes' end
from district_plan p, lateral (
  select t.school_id, t.id as task_id, tc.class_id, st.id as student_id, d.draft, t.creator_identity_id as creator, x.k,
    case when d.draft = 0 and x.revised then 'revision_requested'
      when t.deadline < p.now - interval '10 days' then case when x.r < 88 then 'approved' when x.r < 94 then 'ai_done' when x.r < 97 then 'abnormal' else 'revision_requested' end
      else case when x.r < 30 then 'approved' when x.r < 75 then 'ai_done' when x.r < 80 then 'abnormal' when x.r < 92 then 'awaiting_ai' else 'submitted' end end as status,
    least(p.now - interval '1 hour', t.release_at + pg_temp.pick(x.k, 3) * interval '100 minutes' + d.draft * interval '2 days') as submitted_at
  from tasks t join task_classes tc on tc.task_id = t.id join students st on st.class_id = tc.class_id,
    lateral (select t.id::bigint * 100000 + st.id as k) kk,
    lateral (select kk.k, pg_temp.pick(kk.k, 4) as r, t.release_at < p.now - interval '5 days' and pg_temp.pick(kk.k, 2) < 8 as revised) x,
    lateral (select 0 as draft union all select 1 where x.revised) d
  where t.status = 'released' and t.release_at < p.now and pg_temp.pick(x.k, 1) < 95
  order by t.id, tc.class_id, st.id, d.draft
) w
join district_templates tp on tp.i = (w.task_id + w.student_id + w.draft) % (select count(*) from district_templates);
-- the steps after this join the million essays: plan them on real row counts, not an empty table's
analyze essays, tasks, task_classes, students;`,
  },
  {
    label: 'files and essay pages (1.6 pages per essay)',
    lane: 1,
    sql: `
create temporary table district_pages as
select e.id as essay_id, e.school_id, e.submitted_by_identity_id, e.submitted_at, n,
  md5('district-page-' || e.id || '-' || n)::uuid as file_id, encode(sha256(convert_to('district-page-' || e.id || '-' || n, 'UTF8')), 'hex') as sha
from essays e, generate_series(1, 1 + (pg_temp.pick(e.id, 5) < 50)::int + (pg_temp.pick(e.id, 6) < 10)::int) n;
insert into files (id, school_id, sha256, storage_key, mime, size, width, height, created_by_identity_id, created_at)
select file_id, school_id, sha, substr(sha, 1, 2) || '/' || substr(sha, 3, 2) || '/' || sha, 'image/jpeg', 250000 + pg_temp.pick(essay_id, 8) * 3000, 2480, 3508, submitted_by_identity_id, submitted_at
from district_pages;
insert into essay_pages (essay_id, file_id, page_no, created_at) select essay_id, file_id, n, submitted_at from district_pages order by essay_id, n;
drop table district_pages;`,
  },
  // Full results (60–100 kB with character boxes) on the tasks of the last ten days, what teachers
  // open; older essays keep the same result without the character boxes, so a million fit on disk.
  // The longest step (compressing a million stored results): two halves on two connections.
  ...[0, 1].map((half): SeedStep => ({
    label: `AI corrections, ${half ? 'odd' : 'even'} essays (stored results of a real run: full for recent tasks, without character boxes before)`,
    lane: 2 + half * 2,
    sql: correctionsSql(`e.id % 2 = ${half}`),
  })),
  {
    label: 'teacher reviews, revision requests',
    lane: 3,
    sql: `
insert into essay_reviews (essay_id, teacher_comment, dimension_scores, updated_by_identity_id, approved_by_identity_id, approved_at, created_at, updated_at)
select e.id, (${COMMENTS})[1 + pg_temp.pick(e.id, 9) % 5], tp.dims, e.submitted_by_identity_id,
  case when e.status = 'approved' then e.submitted_by_identity_id end, e.audit_at, e.submitted_at + interval '1 day', coalesce(e.audit_at, e.submitted_at + interval '1 day')
from essays e join district_templates tp on tp.i = (e.task_id + e.student_id + e.draft) % (select count(*) from district_templates)
where e.status = 'approved' or (e.status = 'ai_done' and pg_temp.pick(e.id, 10) < 20);
insert into revision_requests (school_id, essay_id, task_id, class_id, student_id, mode, message, status, next_draft, requested_by_identity_id, created_at, closed_at, fulfilled_by_essay_id)
select e0.school_id, e0.id, e0.task_id, e0.class_id, e0.student_id, 'keep', '请根据批注修改后重新提交。', case when e1.id is null then 'pending' else 'fulfilled' end, 1,
  e0.submitted_by_identity_id, e0.submitted_at + interval '1 day', e1.submitted_at, e1.id
from essays e0 left join essays e1 on e1.task_id = e0.task_id and e1.student_id = e0.student_id and e1.draft = 1
where e0.draft = 0 and e0.status = 'revision_requested';`,
  },
  {
    label: 'growth entries and records of approved essays',
    lane: 3,
    sql: `
insert into growth_entries (essay_id, school_id, student_id, class_id, semester_id, task_id, task_title, draft, submitted_at, approved_at, word_count, score, score_percent, dimensions, teacher_comment, transcript)
select e.id, e.school_id, e.student_id, e.class_id, t.semester_id, t.id, t.title, e.draft, e.submitted_at, e.audit_at, coalesce(e.word_count, 0), e.teacher_score, tp.percent, tp.dim_percents, r.teacher_comment, tp.transcript
from essays e join tasks t on t.id = e.task_id join essay_reviews r on r.essay_id = e.id
join district_templates tp on tp.i = (e.task_id + e.student_id + e.draft) % (select count(*) from district_templates)
where e.status = 'approved';
insert into growth_records (student_id, semester_id, school_id, tasks_completed, essays_submitted, total_words, average_percent, last_approved_at)
select student_id, semester_id, min(school_id), count(distinct task_id), count(*), sum(word_count), round(avg(score_percent))::int, max(approved_at)
from growth_entries group by student_id, semester_id;`,
  },
  {
    label: 'notifications (teachers: one per task and class; students: approvals)',
    lane: 3,
    sql: `
insert into notifications (user_id, school_id, kind, message, message_key, message_params, is_read, created_at, updated_at)
select t.creator_identity_id, t.school_id, 'ai', '「' || t.title || '」的作文已全部完成AI批改', 'notify.aiBatchDone', jsonb_build_object('title', t.title),
  (t.deadline < p.now - interval '3 days')::int, t.deadline, t.deadline
from district_plan p, tasks t join task_classes tc on tc.task_id = t.id where t.status = 'released' and t.release_at < p.now;
insert into student_notifications (school_id, student_id, kind, task_id, essay_id, message, is_read, created_at, updated_at)
select e.school_id, e.student_id, 'approved', e.task_id, e.id, '你的作文已批改完成', (pg_temp.pick(e.id, 13) < 70)::int, e.audit_at, e.audit_at
from essays e where e.status = 'approved';`,
  },
  {
    label: 'sequences after explicit ids, statistics',
    sql: `
select setval(pg_get_serial_sequence('schools', 'id'), (select max(id) from schools));
select setval(pg_get_serial_sequence('campuses', 'id'), (select max(id) from campuses));
select setval(pg_get_serial_sequence('departments', 'id'), (select max(id) from departments));
select setval(pg_get_serial_sequence('semesters', 'id'), (select max(id) from semesters));
select setval(pg_get_serial_sequence('users', 'id'), (select max(id) from users));
select setval(pg_get_serial_sequence('identities', 'id'), (select max(id) from identities));
select setval(pg_get_serial_sequence('classes', 'id'), (select max(id) from classes));
select setval(pg_get_serial_sequence('students', 'id'), (select max(id) from students));
select setval(pg_get_serial_sequence('tasks', 'id'), (select max(id) from tasks));`,
  },
];
