/**
 * Stand-in basic-data platform for the demo and the tests: plain node:http on loopback answering
 * `GET /classes?school=<school name>` with deterministic classes and students for the demo school
 * (智批实验学校) and an empty list for any other school.
 *
 *   node --import tsx demo/basic-data-server.ts            # listens on 127.0.0.1:18090
 *   BASIC_DATA_URL=http://127.0.0.1:18090 npm run dev       # then 班级管理 → 同步班级
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';

export interface BasicDataStudent { id: string; name: string; gender: 'male' | 'female' | 'unknown'; studentNo: string; phone?: string | null }
export interface BasicDataClass { id: string; name: string; grade: number; campus?: string | null; teacherPhone?: string | null; students: BasicDataStudent[] }

const SURNAMES = '赵钱孙李周吴郑王冯陈褚卫蒋沈韩杨朱秦尤许何吕施张孔曹严华金魏陶姜';
const GIVEN = ['子轩', '雨涵', '浩宇', '欣然', '梓豪', '诗雨', '俊熙', '可欣', '明轩', '思琪', '宇航', '佳慧'];

function roster(classKey: string, grade: number, classNo: number, size: number): BasicDataStudent[] {
  return Array.from({ length: size }, (_, i) => ({
    id: `${classKey}-s${String(i + 1).padStart(2, '0')}`,
    name: SURNAMES[(i * 7 + classNo * 3) % SURNAMES.length]! + GIVEN[(i + classNo) % GIVEN.length]!,
    gender: i % 2 === 0 ? 'male' : 'female',
    studentNo: String(grade * 100 + classNo * 10 + i + 1).padStart(4, '0').slice(-4),
  }));
}

/** The platform's data for the demo school (fresh copy on each call, so tests may change theirs). */
export function demoBasicData(): Record<string, BasicDataClass[]> {
  return {
    智批实验学校: [
      { id: 'bd-c-901', name: '九年级1班', grade: 9, campus: '主校区', teacherPhone: '13800000001', students: roster('bd-c-901', 9, 1, 6) },
      { id: 'bd-c-902', name: '九年级2班', grade: 9, campus: '主校区', teacherPhone: '13800000005', students: roster('bd-c-902', 9, 2, 5) },
      { id: 'bd-c-601', name: '六年级1班', grade: 6, campus: '主校区', teacherPhone: null, students: roster('bd-c-601', 6, 1, 4) },
    ],
  };
}

export interface BasicDataServer {
  url: string;
  /** Classes by school name; change it to simulate edits on the platform. */
  data: Record<string, BasicDataClass[]>;
  requests: number;
  close(): Promise<void>;
}

/** Starts the stand-in on 127.0.0.1 (port 0 = any free port). */
export async function startBasicDataServer(port = 0): Promise<BasicDataServer> {
  const state = { data: demoBasicData(), requests: 0 };
  const server: Server = createServer((req, res) => {
    state.requests++;
    const url = new URL(req.url ?? '/', 'http://localhost');
    if (req.method !== 'GET' || url.pathname !== '/classes') {
      res.writeHead(404, { 'content-type': 'application/json' }).end(JSON.stringify({ error: 'not found' }));
      return;
    }
    const school = url.searchParams.get('school') ?? '';
    res.writeHead(200, { 'content-type': 'application/json; charset=utf-8' }).end(JSON.stringify({ school, classes: state.data[school] ?? [] }));
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  const { port: actual } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${actual}`,
    get data() {
      return state.data;
    },
    set data(v) {
      state.data = v;
    },
    get requests() {
      return state.requests;
    },
    close: () => new Promise<void>((resolve, reject) => server.close((err) => (err ? reject(err) : resolve()))),
  };
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const s = await startBasicDataServer(Number(process.env.PORT ?? 18090));
  console.log(`basic-data stand-in on ${s.url} (GET /classes?school=智批实验学校)`);
}
