fn main() {
    let _ = tool_policy::wire!("bash*");
}
