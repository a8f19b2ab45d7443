//! Step 8: the Python installations on disk, on both systems' rules.

use super::super::fake::FakeEnv;
use super::super::{candidates, Candidate, Source};
use super::*;

fn site(root: &'static str) -> Source {
    Source::SitePackages { root }
}

/// The step-8 candidates' folders (once per folder) and sources.
fn step8(os: Os, env: &FakeEnv) -> Vec<(String, Source)> {
    let mut out: Vec<(String, Source)> = Vec::new();
    for c in candidates(os, None, env) {
        let Candidate { path, source } = c;
        if !matches!(source, Source::SitePackages { .. }) {
            continue;
        }
        let text = path.display().to_string();
        let dir = text[..text.rfind(['/', '\\']).unwrap_or(0)].to_string();
        if out.last().is_none_or(|(d, _)| *d != dir) {
            out.push((dir, source));
        }
    }
    out
}

/// A Linux machine with Python installations of every kind, some of them
/// holding the NVIDIA wheels: (folder, entries).
const LINUX_PYTHONS: &[(&str, &[&str])] = &[
    (
        "/home/u/.local/lib",
        &["python3.10", "python3.12", "python2.7"],
    ),
    (
        "/home/u/.local/lib/python3.12/site-packages/nvidia",
        &["cudnn", "cublas", "cudnn_jit"],
    ),
    (
        "/home/u/.local/lib/python3.10/site-packages/nvidia",
        &["cu13"],
    ),
    (
        "/home/u/.local/lib/python2.7/site-packages/nvidia",
        &["cudnn"],
    ),
    ("/home/u/.pyenv/versions", &["3.9.18", "3.13.1", "pypy3.10"]),
    ("/home/u/.pyenv/versions/3.13.1/lib", &["python3.13"]),
    (
        "/home/u/.pyenv/versions/3.13.1/lib/python3.13/site-packages/nvidia",
        &["cudnn"],
    ),
    ("/home/u/.pyenv/versions/pypy3.10/lib", &["python3.10"]),
    (
        "/home/u/.pyenv/versions/pypy3.10/lib/python3.10/site-packages/nvidia",
        &["cudnn"],
    ),
    ("/home/u/miniconda3", &["bin", "lib", "envs"]),
    ("/home/u/miniconda3/envs", &["torch", "jax"]),
    ("/home/u/miniconda3/envs/jax/lib", &["python3.11"]),
    (
        "/home/u/miniconda3/envs/jax/lib/python3.11/site-packages/nvidia",
        &["cudnn"],
    ),
    ("/home/u/miniconda3/lib", &["python3.12"]),
    (
        "/home/u/miniconda3/lib/python3.12/site-packages/nvidia",
        &["cudnn"],
    ),
    ("/opt/conda", &["lib"]),
    ("/opt/conda/lib", &["python3.11"]),
    ("/opt/conda/lib/python3.11/site-packages/nvidia", &["cudnn"]),
    ("/usr/local/lib", &["python3.11"]),
    ("/usr/local/lib/python3.11/dist-packages/nvidia", &["cudnn"]),
    ("/usr/lib", &["python3", "python3.11"]),
    ("/usr/lib/python3/dist-packages/nvidia", &["cudnn"]),
];

#[test]
fn linux_installations_in_order() {
    let env = LINUX_PYTHONS.iter().fold(
        FakeEnv::default().var("HOME", "/home/u/"),
        |env, (dir, entries)| env.dir(dir, entries),
    );
    // The wheels' folders in search order, with the kind of root.
    let want = [
        (
            "/home/u/.local/lib/python3.12/site-packages/nvidia/cudnn/lib",
            "user",
        ),
        (
            "/home/u/.local/lib/python3.12/site-packages/nvidia/cudnn_jit/lib",
            "user",
        ),
        (
            "/home/u/.local/lib/python3.10/site-packages/nvidia/cu13/lib",
            "user",
        ),
        (
            "/home/u/.pyenv/versions/3.13.1/lib/python3.13/site-packages/nvidia/cudnn/lib",
            "pyenv",
        ),
        (
            "/home/u/.pyenv/versions/pypy3.10/lib/python3.10/site-packages/nvidia/cudnn/lib",
            "pyenv",
        ),
        (
            "/home/u/miniconda3/lib/python3.12/site-packages/nvidia/cudnn/lib",
            "conda",
        ),
        (
            "/home/u/miniconda3/envs/jax/lib/python3.11/site-packages/nvidia/cudnn/lib",
            "conda",
        ),
        (
            "/opt/conda/lib/python3.11/site-packages/nvidia/cudnn/lib",
            "conda",
        ),
        (
            "/usr/local/lib/python3.11/dist-packages/nvidia/cudnn/lib",
            "system",
        ),
        ("/usr/lib/python3/dist-packages/nvidia/cudnn/lib", "system"),
    ]
    .map(|(dir, root)| (dir.to_string(), site(root)));
    assert_eq!(step8(Os::Linux, &env), want);
}

#[test]
fn linux_variables_move_the_roots() {
    let env = FakeEnv::default()
        .var("HOME", "/home/u")
        .var("PYTHONUSERBASE", "/srv/userbase")
        .var("PYENV_ROOT", "/opt/pyenv")
        .dir("/srv/userbase/lib", &["python3.11"])
        .dir(
            "/srv/userbase/lib/python3.11/site-packages/nvidia",
            &["cudnn"],
        )
        .dir("/home/u/.local/lib", &["python3.11"])
        .dir(
            "/home/u/.local/lib/python3.11/site-packages/nvidia",
            &["cudnn"],
        )
        .dir("/opt/pyenv/versions", &["3.12.0"])
        .dir("/opt/pyenv/versions/3.12.0/lib", &["python3.12"])
        .dir(
            "/opt/pyenv/versions/3.12.0/lib/python3.12/site-packages/nvidia",
            &["cudnn"],
        );
    assert_eq!(
        step8(Os::Linux, &env),
        [
            (
                "/srv/userbase/lib/python3.11/site-packages/nvidia/cudnn/lib".to_string(),
                site("user")
            ),
            (
                "/opt/pyenv/versions/3.12.0/lib/python3.12/site-packages/nvidia/cudnn/lib".into(),
                site("pyenv")
            ),
        ]
    );
}

#[test]
fn windows_installations_in_order() {
    let env = FakeEnv::default()
        .var("APPDATA", r"C:\Users\u\AppData\Roaming")
        .var("LOCALAPPDATA", r"C:\Users\u\AppData\Local\")
        .var("USERPROFILE", r"C:\Users\u")
        .var("ProgramFiles", r"D:\PF")
        .dir(
            r"C:\Users\u\AppData\Roaming\Python",
            &["Python39", "Python312", "Scripts", "Python27"],
        )
        .dir(
            r"C:\Users\u\AppData\Roaming\Python\Python312\site-packages\nvidia",
            &["cudnn", "cu13"],
        )
        .dir(
            r"C:\Users\u\AppData\Roaming\Python\Python39\site-packages\nvidia",
            &["CUDNN"],
        )
        .dir(
            r"C:\Users\u\AppData\Local\Programs\Python",
            &["Python313", "Python313-32", "Launcher"],
        )
        .dir(
            r"C:\Users\u\AppData\Local\Programs\Python\Python313-32\Lib\site-packages\nvidia",
            &["cudnn"],
        )
        .dir(r"C:\Users\u\miniforge3", &["envs", "Lib"])
        .dir(r"C:\Users\u\miniforge3\envs", &["dl"])
        .dir(
            r"C:\Users\u\miniforge3\envs\dl\Lib\site-packages\nvidia",
            &["cudnn"],
        )
        .dir(r"D:\PF", &["Python311", "NVIDIA"])
        .dir(r"D:\PF\Python311\Lib\site-packages\nvidia", &["cudnn"]);
    let r = r"C:\Users\u\AppData\Roaming\Python";
    assert_eq!(
        step8(Os::Windows, &env),
        [
            (
                format!(r"{r}\Python312\site-packages\nvidia\cudnn\bin"),
                site("user")
            ),
            (
                format!(r"{r}\Python312\site-packages\nvidia\cu13\bin\x86_64"),
                site("user")
            ),
            (
                format!(r"{r}\Python39\site-packages\nvidia\cudnn\bin"),
                site("user")
            ),
            (
                r"C:\Users\u\AppData\Local\Programs\Python\Python313-32\Lib\site-packages\nvidia\cudnn\bin"
                    .into(),
                site("per-user install")
            ),
            (
                r"C:\Users\u\miniforge3\envs\dl\Lib\site-packages\nvidia\cudnn\bin".into(),
                site("conda")
            ),
            (
                r"D:\PF\Python311\Lib\site-packages\nvidia\cudnn\bin".into(),
                site("per-machine install")
            ),
        ]
    );
}

/// Step 8 comes after the variables' steps and before the system loader.
#[test]
fn the_step_sits_between_the_installer_and_the_loader() {
    let env = FakeEnv::default()
        .var("HOME", "/h")
        .var("CUDA_PATH", "/cuda")
        .var("LD_LIBRARY_PATH", "/ld")
        .file("/ld", "libcudnn.so.9")
        .dir("/h/.local/lib", &["python3.11"])
        .dir("/h/.local/lib/python3.11/site-packages/nvidia", &["cudnn"]);
    let sources: Vec<Source> = candidates(Os::Linux, None, &env)
        .into_iter()
        .map(|c| c.source)
        .collect();
    let at = |s: &Source| sources.iter().position(|x| x == s);
    let toolkit = at(&Source::CudaToolkit {
        var: "CUDA_PATH".into(),
    });
    let user = at(&site("user"));
    let loader = at(&Source::SystemLoader);
    assert!(toolkit < user && user < loader, "{sources:?}");
}

/// With no Python anywhere, step 8 reads a handful of folders and gives
/// nothing.
#[test]
fn nothing_installed_costs_a_few_reads() {
    let env = FakeEnv::default().var("HOME", "/h");
    assert!(site_packages_wheel_folders(Os::Linux, &env, CUDNN).is_empty());
    assert!(env.reads.get() <= 12, "{} folder reads", env.reads.get());
}
