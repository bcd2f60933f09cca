Pod::Spec.new do |s|
  s.name             = 'CoreKit'
  s.version          = '1.4.0'
  s.summary          = 'Logging and storage every module uses.'
  s.description      = <<-DESC
                       Logging and key-value storage, as two subspecs.
                       DESC
  s.homepage         = 'https://example.com/corekit'
  s.license          = { :type => 'MIT' }
  s.author           = { 'Core team' => 'core@example.com' }
  s.source           = { :git => 'https://example.com/corekit.git', :tag => s.version.to_s }
  s.ios.deployment_target = '15.0'
  s.swift_version    = '5.9'
  s.static_framework = true
  s.default_subspecs = 'Logging', 'Storage'

  s.subspec 'Logging' do |logging|
    logging.source_files = 'Sources/Logging/**/*.swift'
  end

  s.subspec 'Storage' do |storage|
    storage.source_files = 'Sources/Storage/**/*.{swift,h}'
    storage.dependency 'CoreKit/Logging'
  end

  s.test_spec 'Tests' do |test|
    test.source_files = 'Tests/**/*.swift'
  end
end
