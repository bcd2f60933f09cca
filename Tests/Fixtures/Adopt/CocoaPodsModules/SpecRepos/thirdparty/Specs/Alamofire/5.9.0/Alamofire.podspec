Pod::Spec.new do |s|
  s.name = 'Alamofire'
  s.version = '5.9.0'
  s.source_files = 'Source/**/*.swift'
end
