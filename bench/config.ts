/** The bench database: its own, never the app's or the tests'. */
export const benchDatabaseUrl = () => process.env.BENCH_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/kerbside_bench';
