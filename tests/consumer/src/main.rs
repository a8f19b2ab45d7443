//! `cudnn-consumer`: prints [`cudnn_consumer::probe`]'s report as one JSON
//! object on stdout and exits 0, whatever the outcomes (see the library's
//! documentation for the keys).

fn main() {
    println!("{}", serde_json::Value::Object(cudnn_consumer::probe()));
}
